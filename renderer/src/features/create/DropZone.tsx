/**
 * Where a photo comes in: drop it, paste it, or browse for it. Keyboard: Enter or Space opens
 * the file chooser.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

/** Props of {@link DropZone}. */
export interface DropZoneProps {
  onFiles(files: File[]): void;
  /** Shown inside the zone when a photo is chosen. */
  children?: React.ReactNode;
}

/** The photo drop zone. */
export function DropZone({ onFiles, children }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length) {
        event.preventDefault();
        onFiles(files);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFiles]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      data-testid="drop-zone"
      role="button"
      tabIndex={0}
      aria-label="Drop a photo, paste one, or press Enter to browse"
      onClick={() => input.current?.click()}
      onKeyDown={onKeyDown}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {children ?? (
        <div className="drop-zone-hint">
          <strong>Drop a photo of one object</strong>
          <span className="muted">
            or paste it, or click to browse · JPEG, PNG or WebP, up to 20 MB
          </span>
        </div>
      )}
      <input
        ref={input}
        data-testid="file-input"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
