import { useState, type JSX } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAPTURE_SIZES, MAX_CAPTURE_SIDE, type CaptureSize } from './capture-pixels';
import { ChoiceSelect } from '../panels/Choices';
import { SizeFields } from '../panels/SizeFields';

/** Props of {@link CapturePanel}. */
export interface CapturePanelProps {
  readonly disabled: boolean;
  /** The viewer's size on screen, in device pixels, for the "Viewer size" choice. */
  readonly viewerSize: () => { width: number; height: number };
  /** Renders and saves the PNG; resolves with what was saved. */
  readonly onCapture: (options: {
    width: number;
    height: number;
    transparent: boolean;
  }) => Promise<{ fileName: string; width: number; height: number }>;
}

/** The capture sizes as the menu names them ("Viewer size", "1920 × 1080 (HD)", "Custom…"). */
function useSizeOptions(): { id: string; label: string }[] {
  const { t } = useLingui();
  const name = ({ id, width, height, standardName }: CaptureSize): string => {
    if (id === 'custom') return t`Custom…`;
    if (!width || !height) return t`Viewer size`;
    // Pixel counts as screen sizes are written everywhere: no grouping ("1920 × 1080").
    const pixels = `${width} × ${height}`;
    return standardName ? `${pixels} (${standardName})` : pixels;
  };
  return CAPTURE_SIZES.map((size) => ({ id: size.id, label: name(size) }));
}

/** Save the current view as a PNG at a chosen size, optionally with a transparent background. */
export function CapturePanel({ disabled, viewerSize, onCapture }: CapturePanelProps): JSX.Element {
  const { t } = useLingui();
  const sizeOptions = useSizeOptions();
  const [sizeId, setSizeId] = useState('1080p');
  const [custom, setCustom] = useState({ width: 2000, height: 2000 });
  const [transparent, setTransparent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const size = CAPTURE_SIZES.find((s) => s.id === sizeId) ?? CAPTURE_SIZES[0]!;
  const save = async (): Promise<void> => {
    const target =
      size.id === 'custom'
        ? custom
        : size.width && size.height
          ? { width: size.width, height: size.height }
          : viewerSize();
    setBusy(true);
    setMessage(null);
    try {
      const saved = await onCapture({ ...target, transparent });
      const smaller = saved.width !== target.width || saved.height !== target.height;
      const { fileName, width, height } = saved;
      setMessage(
        smaller
          ? t`Saved ${fileName} — your graphics card allows at most ${width} × ${height}.`
          : t`Saved ${fileName}.`,
      );
    } catch (error) {
      const reason = (error as Error).message;
      setMessage(t`Could not save the screenshot: ${reason}. Try a smaller size.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiln-viewer__form">
      <label className="kiln-viewer__field">
        <span>
          <Trans>Size</Trans>
        </span>
        <ChoiceSelect
          testId="viewer-capture-size"
          value={sizeId}
          options={sizeOptions}
          onChange={setSizeId}
        />
      </label>
      {size.id === 'custom' ? (
        <SizeFields
          value={custom}
          labels={{ width: t`Width (px)`, height: t`Height (px)` }}
          min={16}
          max={MAX_CAPTURE_SIDE}
          testIdPrefix="viewer-capture-"
          onChange={setCustom}
        />
      ) : null}
      <label className="kiln-viewer__check">
        <input
          type="checkbox"
          data-testid="viewer-capture-transparent"
          checked={transparent}
          onChange={(e) => setTransparent(e.currentTarget.checked)}
        />
        <span>
          <Trans>Transparent background</Trans>
        </span>
      </label>
      <button
        type="button"
        className="kiln-viewer__primary"
        data-testid="viewer-capture-save"
        disabled={disabled || busy}
        onClick={() => void save()}
      >
        {busy ? t`Rendering…` : t`Save PNG`}
      </button>
      {message ? (
        <p className="kiln-viewer__note" role="status" data-testid="viewer-capture-message">
          {message}
        </p>
      ) : null}
    </div>
  );
}
