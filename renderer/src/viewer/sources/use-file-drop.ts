import { useCallback, useState, type DragEvent, type DragEventHandler } from 'react';
import { localSource, pickDroppedModel, pickDroppedPhotos } from './dropped-files';
import type { ViewerSources } from './use-viewer-sources';

/** Drop handling of the viewer: files dragged over it, dropped on it, or chosen. */
export interface FileDrop {
  /** Files are being dragged over the viewer (the drop overlay shows). */
  readonly dragging: boolean;
  stopDragging(): void;
  /** Why the files dropped last could not be opened. */
  readonly dropError: string | null;
  dismissDropError(): void;
  /** Opens dropped or chosen files as model A (`open`) or as B (`compare`). */
  openFiles(files: File[], target: 'open' | 'compare'): void;
  /** Handlers for the viewer's root element. */
  readonly rootHandlers: {
    readonly onDragEnter: DragEventHandler;
    readonly onDragOver: DragEventHandler;
    readonly onDrop: DragEventHandler;
  };
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Files dropped on the viewer or chosen in its file pickers: the model among them (with its
 * companion files) opens as A, or as B beside the open model (`onCompare` then shows the
 * compare panel); photos without a model go to `onPhotos` (the app makes models from them);
 * anything else gets a sentence that says what to drop.
 */
export function useFileDrop(
  sources: ViewerSources,
  onCompare: () => void,
  onPhotos?: (files: File[]) => void,
): FileDrop {
  const [dragging, setDragging] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const { source, openLocal } = sources;

  const openFiles = useCallback(
    (files: File[], target: 'open' | 'compare') => {
      setDragging(false);
      const picked = pickDroppedModel(files);
      const photos = 'error' in picked && onPhotos ? pickDroppedPhotos(files) : [];
      if (photos.length && onPhotos) {
        setDropError(null);
        onPhotos(photos);
        return;
      }
      if ('error' in picked) {
        setDropError(picked.error);
        return;
      }
      setDropError(null);
      const made = localSource(picked);
      if (target === 'compare' && source) {
        openLocal(made, 'compare');
        onCompare();
      } else {
        openLocal(made, 'open');
      }
    },
    [source, openLocal, onCompare, onPhotos],
  );

  return {
    dragging,
    stopDragging: useCallback(() => setDragging(false), []),
    dropError,
    dismissDropError: useCallback(() => setDropError(null), []),
    openFiles,
    rootHandlers: {
      onDragEnter: (e) => {
        if (hasFiles(e)) setDragging(true);
      },
      onDragOver: (e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragging(true);
      },
      onDrop: (e) => {
        e.preventDefault();
        openFiles(Array.from(e.dataTransfer?.files ?? []), 'open');
      },
    },
  };
}
