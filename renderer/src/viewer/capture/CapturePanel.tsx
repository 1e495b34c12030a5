import { useState, type JSX } from 'react';
import { CAPTURE_SIZES, MAX_CAPTURE_SIDE } from './capture-pixels';
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

/** Save the current view as a PNG at a chosen size, optionally with a transparent background. */
export function CapturePanel({ disabled, viewerSize, onCapture }: CapturePanelProps): JSX.Element {
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
      setMessage(
        `Saved ${saved.fileName}${smaller ? ` — your graphics card allows at most ${saved.width} × ${saved.height}` : ''}.`,
      );
    } catch (error) {
      setMessage(`Could not save the screenshot: ${(error as Error).message}. Try a smaller size.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiln-viewer__form">
      <label className="kiln-viewer__field">
        <span>Size</span>
        <ChoiceSelect
          testId="viewer-capture-size"
          value={sizeId}
          options={CAPTURE_SIZES}
          onChange={setSizeId}
        />
      </label>
      {size.id === 'custom' ? (
        <SizeFields
          value={custom}
          labels={{ width: 'Width (px)', height: 'Height (px)' }}
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
        <span>Transparent background</span>
      </label>
      <button
        type="button"
        className="kiln-viewer__primary"
        data-testid="viewer-capture-save"
        disabled={disabled || busy}
        onClick={() => void save()}
      >
        {busy ? 'Rendering…' : 'Save PNG'}
      </button>
      {message ? (
        <p className="kiln-viewer__note" role="status" data-testid="viewer-capture-message">
          {message}
        </p>
      ) : null}
    </div>
  );
}
