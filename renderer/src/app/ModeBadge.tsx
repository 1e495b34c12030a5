/** Says whether Kiln talks to the built-in sandbox (nothing is charged) or the live service. */
import { useKiln } from '../store/StoreProvider';

/** The mode badge of the header. */
export function ModeBadge() {
  const mode = useKiln((s) => s.info?.mode);
  if (!mode) return null;
  return mode === 'sandbox' ? (
    <span
      className="badge badge-sandbox"
      data-testid="mode-badge"
      title="No API key is set: Kiln runs against its built-in cloud sandbox."
    >
      Sandbox — nothing is charged
    </span>
  ) : (
    <span className="badge badge-live" data-testid="mode-badge">
      Live
    </span>
  );
}
