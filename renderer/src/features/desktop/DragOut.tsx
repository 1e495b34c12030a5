/**
 * A handle to drag a finished model or export out of Kiln, onto the desktop, a folder, Blender or
 * a slicer. In the desktop app the main process drags the real file; in the browser host the page
 * hands Chromium a `DownloadURL`, which saves the file where it is dropped. That URL is a ticket
 * good for one download and a few minutes, so the handle asks for a fresh one after each drag
 * and when the pointer comes back to it later.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type DragEvent } from 'react';
import type { DragSourceView, FileRef } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { dragData } from './drag-data';
import './desktop.css';

/** Chromium's drag format for a file saved where it is dropped (`mime:name:url`). */
const downloadUrlType = 'DownloadURL';

/** A download ticket older than this is renewed when the pointer reaches the handle. */
const TICKET_RENEW_MS = 5 * 60_000;

/** Props of {@link DragOut}: the result, by job, model or recording id. */
export type DragOutProps = Readonly<{ fileRef: FileRef }>;

/** The drag handle. */
export function DragOut({ fileRef }: DragOutProps) {
  const dragSource = useKiln((s) => s.dragSource);
  const startDrag = useKiln((s) => s.startDrag);
  const { t } = useLingui();
  const key = JSON.stringify(fileRef);
  const [state, setState] = useState<{
    key: string;
    source?: DragSourceView;
    error?: string;
    at?: number;
  }>();
  // Bumped to ask for a fresh download ticket (after a drag, or when the one held is old).
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    dragSource(fileRef).then(
      (source) => live && setState({ key, source, at: Date.now() }),
      (error: unknown) => live && setState({ key, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
    // `key` names the ref; the object itself may be new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dragSource, round]);
  const renew = () => setRound((n) => n + 1);
  const current = state?.key === key ? state : undefined;
  const source = current?.source;

  const onDragStart = (event: DragEvent<HTMLSpanElement>) => {
    if (!source) return event.preventDefault();
    if (startDrag) {
      // Electron: the OS drag carries the file itself.
      event.preventDefault();
      startDrag(fileRef);
      return;
    }
    const data = dragData(source, window.location.href);
    if (!data) return event.preventDefault();
    event.dataTransfer.effectAllowed = 'copy';
    event.dataTransfer.setData(downloadUrlType, data.downloadUrl);
    event.dataTransfer.setData('text/uri-list', data.href);
  };

  const name = source?.name;
  const label = source
    ? t`Drag “${name}” to a folder or another app`
    : (current?.error ?? t`Preparing the file to drag…`);
  return (
    <span
      className="desktop-dragout"
      data-testid="drag-out"
      data-ready={source ? 'true' : 'false'}
      draggable={Boolean(source)}
      onDragStart={onDragStart}
      onDragEnd={() => !startDrag && renew()}
      onPointerEnter={() =>
        !startDrag &&
        current?.at !== undefined &&
        Date.now() - current.at > TICKET_RENEW_MS &&
        renew()
      }
      title={label}
      aria-label={label}
      aria-disabled={!source}
    >
      <span aria-hidden="true">⇱</span> <Trans>Drag out</Trans>
    </span>
  );
}
