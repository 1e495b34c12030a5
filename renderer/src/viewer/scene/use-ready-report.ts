import { addAfterEffect, useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import type { ModelInfo, SceneEvents, SlotId } from '../viewer-types';

interface PendingReady {
  readonly slot: SlotId;
  readonly key: string;
  readonly info: ModelInfo;
  /** Set once the shadow has re-rendered for the model: the next frame shows everything. */
  armed: boolean;
  /** Set by the first frame drawn after arming. */
  drawn: boolean;
}

/** The queue of "ready" reports the scene makes. */
export interface ReadyReport {
  /** Queues the report of a model just placed. */
  queue(slot: SlotId, key: string, info: ModelInfo): void;
  /** Everything queued may go with the next frame; true when something is waiting for it. */
  arm(): boolean;
}

/**
 * Reports "ready" only after a frame with the model has been drawn, so a test or screenshot that
 * waits for `data-viewer-state="ready"` sees the model, not the empty stage. A slot that is
 * emptied (or loads another model) drops its queued report.
 */
export function useReadyReport(
  eventsRef: { readonly current: SceneEvents },
  keyA: string | undefined,
  keyB: string | undefined,
): ReadyReport {
  const pending = useRef<PendingReady[]>([]);
  useFrame(() => {
    for (const p of pending.current) if (p.armed) p.drawn = true;
  });
  useEffect(
    () =>
      addAfterEffect(() => {
        const done = pending.current.filter((p) => p.drawn);
        if (!done.length) return;
        pending.current = pending.current.filter((p) => !p.drawn);
        for (const p of done) eventsRef.current.onReady(p.slot, p.key, p.info);
      }),
    [eventsRef],
  );
  useEffect(() => {
    pending.current = pending.current.filter((p) => (p.slot === 'a' ? keyA : keyB) === p.key);
  }, [keyA, keyB]);
  return useMemo(
    () => ({
      queue(slot, key, info) {
        pending.current.push({ slot, key, info, armed: false, drawn: false });
      },
      arm() {
        for (const p of pending.current) p.armed = true;
        return pending.current.length > 0;
      },
    }),
    [],
  );
}
