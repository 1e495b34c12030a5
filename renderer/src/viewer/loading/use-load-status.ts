import { useEffect, useMemo, useRef, useState } from 'react';
import { useLatest } from '../use-latest';
import type { ModelInfo, SceneEvents, SlotId, ViewerState } from '../viewer-types';
import type { ModelSource } from '../sources/dropped-files';
import { loadErrorSentence } from './load-error';
import type { LoadProgress } from './load-model';
import { progressPercent } from './progress-label';

/** Where the load of one source stands. */
export type LoadStatus =
  | { readonly phase: 'loading'; readonly key: string; readonly progress: LoadProgress }
  | { readonly phase: 'ready'; readonly key: string; readonly info: ModelInfo }
  | { readonly phase: 'error'; readonly key: string; readonly message: string };

/** What the viewer reports about the model on screen. */
export interface ViewerModelStats {
  readonly triangles: number;
  readonly vertices: number;
  readonly meshes: number;
  /** Bounding-box size in metres (glTF's unit). */
  readonly size: { readonly x: number; readonly y: number; readonly z: number };
}

/** Who hears about model A's load. */
export interface LoadListeners {
  /**
   * Called once per model, when it is on screen, with its counts and bounding-box size (m).
   * ModelViewer calls it for the app's model only, not for a file opened on this computer.
   */
  readonly onStats?: ((s: ViewerModelStats) => void) | undefined;
  /** Called with the sentence the viewer shows when a model cannot be opened. */
  readonly onError?: ((message: string) => void) | undefined;
  /** Called when the viewer's state changes, and once when it mounts. */
  readonly onStateChange?: ((state: ViewerState) => void) | undefined;
}

/** The loads of A and B as the viewer shows them. */
export interface LoadStatuses {
  /** Stable for the canvas's lifetime: the scene reports through it. */
  readonly events: SceneEvents;
  /** A's status (null: no model). */
  readonly current: LoadStatus | null;
  /** B's status (null: not comparing). */
  readonly currentB: LoadStatus | null;
  readonly state: ViewerState;
  readonly stateB: ViewerState;
  /** A's facts once on screen. */
  readonly info: ModelInfo | undefined;
  readonly infoB: ModelInfo | undefined;
}

const START: LoadProgress = { stage: 'download', loaded: 0, total: undefined };
/** Byte-count-only progress updates re-render at most this often. */
const PROGRESS_INTERVAL_MS = 200;

/** The status that belongs to `source`: right after a change, "loading" rather than the old one. */
function statusFor(status: LoadStatus | null, source: ModelSource | undefined): LoadStatus | null {
  if (!source) return null;
  return status && status.key === source.key
    ? status
    : { phase: 'loading', key: source.key, progress: START };
}

/**
 * Follows what the scene reports of each slot's load (progress throttled for A), derives the
 * viewer's state, and tells the app about A: its state, its stats once on screen, its error.
 */
export function useLoadStatus(
  source: ModelSource | undefined,
  compareSource: ModelSource | undefined,
  listeners: LoadListeners,
): LoadStatuses {
  const [statusA, setStatusA] = useState<LoadStatus | null>(null);
  const [statusB, setStatusB] = useState<LoadStatus | null>(null);
  const sourceKeyRef = useLatest(source?.key);
  const onStatsRef = useLatest(listeners.onStats);
  const onErrorRef = useLatest(listeners.onError);
  const lastProgress = useRef<{ at: number; progress: LoadProgress } | null>(null);

  // Stable for the canvas's lifetime. Statuses carry their source key and only the current
  // source's status is shown (see statusFor); callbacks to the parent check once more.
  const events = useMemo<SceneEvents>(() => {
    const set = (slot: SlotId, status: LoadStatus): void =>
      (slot === 'a' ? setStatusA : setStatusB)(status);
    return {
      onLoading(slot, key) {
        if (slot === 'a') lastProgress.current = null;
        set(slot, { phase: 'loading', key, progress: START });
      },
      onProgress(slot, key, progress) {
        if (slot === 'a') {
          const now = performance.now();
          const last = lastProgress.current;
          if (
            last &&
            last.progress.stage === progress.stage &&
            progressPercent(last.progress) === progressPercent(progress) &&
            now - last.at < PROGRESS_INTERVAL_MS
          ) {
            return;
          }
          lastProgress.current = { at: now, progress };
        }
        set(slot, { phase: 'loading', key, progress });
      },
      onReady(slot, key, info) {
        set(slot, { phase: 'ready', key, info });
        if (slot === 'a' && key === sourceKeyRef.current) {
          const { triangles, vertices, meshes } = info.stats;
          onStatsRef.current?.({ triangles, vertices, meshes, size: info.size });
        }
      },
      onError(slot, key, error) {
        const message = loadErrorSentence(error);
        set(slot, { phase: 'error', key, message });
        if (slot === 'a' && key === sourceKeyRef.current) onErrorRef.current?.(message);
      },
    };
  }, [sourceKeyRef, onStatsRef, onErrorRef]);

  const current = statusFor(statusA, source);
  const currentB = statusFor(statusB, compareSource);
  const state: ViewerState = current ? current.phase : 'empty';
  const stateB: ViewerState = currentB ? currentB.phase : 'empty';
  const onStateChangeRef = useLatest(listeners.onStateChange);
  useEffect(() => onStateChangeRef.current?.(state), [state, onStateChangeRef]);
  return {
    events,
    current,
    currentB,
    state,
    stateB,
    info: current?.phase === 'ready' ? current.info : undefined,
    infoB: currentB?.phase === 'ready' ? currentB.info : undefined,
  };
}
