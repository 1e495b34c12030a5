/**
 * Where photos come in: drop them, paste them, or browse for them (a click on the zone, or its
 * Browse button from the keyboard). The zone is a drop target, not a control: what it shows
 * inside (a chosen photo with its Remove button) stays reachable on its own. Only the drop zone
 * on screen listens for pastes (one per flow).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';

/** Props of {@link DropZone}. */
export interface DropZoneProps {
  onFiles(files: File[]): void;
  /** Whether several files may be chosen at once. */
  multiple?: boolean;
  /** What to drop, in a few words ("Drop a photo of one object"). */
  hint?: string;
  /** The line under the hint; by default how else to add photos and which files are taken. */
  detail?: string;
  /** Nothing more fits (the views are full): shown small; what is dropped is refused with why. */
  full?: boolean;
  /** Test id of the zone (the file input gets `<testId>-input`). */
  testId?: string;
  /** Id of the element that describes an error about the dropped files. */
  describedBy?: string;
  /** Shown inside the zone instead of the hint (a chosen photo's preview). */
  children?: React.ReactNode;
}

/** The photo drop zone. */
export function DropZone({
  onFiles,
  multiple = false,
  hint,
  detail,
  full = false,
  testId = 'drop-zone',
  describedBy,
  children,
}: DropZoneProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      // A paste into a text field is text editing, not a photo.
      const into = event.target;
      if (into instanceof HTMLInputElement || into instanceof HTMLTextAreaElement) return;
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
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  // A click on the zone browses, except on a control inside it (a photo's Remove button).
  const onClick = (event: MouseEvent) => {
    const on = event.target as HTMLElement;
    if (on.closest('button, select, input, a')) return;
    input.current?.click();
  };

  return (
    // A click anywhere is the mouse's shortcut to the Browse button inside (the keyboard's way).
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}${children ? ' drop-zone-filled' : ''}${full ? ' drop-zone-full' : ''}`}
      data-testid={testId}
      data-full={full}
      onClick={onClick}
      onDragOver={(e) => {
        if (![...e.dataTransfer.types].includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {children ?? (
        <div className="drop-zone-hint">
          <strong>{hint ?? t`Drop a photo of one object`}</strong>
          <span className="muted">
            {detail ?? t`or paste, or click to browse · JPEG, PNG or WebP, up to 20 MB`}
          </span>
        </div>
      )}
      <button
        type="button"
        className="drop-zone-browse"
        data-testid={`${testId}-browse`}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        <Trans>Browse…</Trans>
      </button>
      <input
        ref={input}
        data-testid={`${testId}-input`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple={multiple}
        hidden
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
