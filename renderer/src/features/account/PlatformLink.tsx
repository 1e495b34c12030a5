/**
 * A button that opens a page of the service's web platform (top-up, keys, limits) in the system
 * browser. Where Kiln cannot open one (the browser host), it shows the address as an ordinary
 * link instead, opened in a new tab without access to Kiln's page.
 */
import { useState } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Props of {@link PlatformLink}. */
export type PlatformLinkProps = Readonly<{
  /** The button's words ("Top up"). */
  label: string;
  /** A path on the platform; default its start page (where keys and top-ups are managed). */
  path?: string;
  testId: string;
}>;

/** Opens the platform in the system browser, or offers it as a link. */
export function PlatformLink({ label, path = '', testId }: PlatformLinkProps) {
  const platformUrl = useKiln((s) => s.settings?.platformUrl);
  const openExternal = useKiln((s) => s.openExternal);
  const [asLink, setAsLink] = useState(false);
  if (!platformUrl) return null;
  const url = `${platformUrl}${path}`;
  if (asLink) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`${testId}-link`}>
        {label}: {url}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="platform-button"
      data-testid={testId}
      onClick={() => void openExternal(url).then((opened) => setAsLink(!opened))}
    >
      {label}
    </button>
  );
}
