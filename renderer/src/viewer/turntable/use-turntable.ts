/**
 * The turntable panel's state: which formats this machine encodes at the chosen size, the
 * recording in progress (frame count, stage, cancel), and where the finished file was saved.
 */
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingView } from '../../../../shared/ipc/contract';
import { useViewerOutlets } from '../outlets';
import type { ViewerStage } from '../viewer-types';
import { formatSupport, type FormatSupport } from './codec-support';
import type { OpenRecording } from './save-recording';
import { recordTurntable, type RecordingProgress } from './record-turntable';
import { FORMATS, recordingFileName, type FormatId, type TurntableOptions } from './turntable-plan';

/** Where a recording stands. */
export type RecordingState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'recording'; readonly progress: RecordingProgress; readonly started: number }
  | { readonly phase: 'saving'; readonly started: number }
  | {
      readonly phase: 'saved';
      readonly saved: RecordingView;
      readonly frames: number;
      readonly seconds: number;
    }
  | { readonly phase: 'error'; readonly message: string };

/** Hook of {@link TurntablePanel}. */
export function useTurntable(stage: () => ViewerStage | null, modelName: string | undefined) {
  const outlets = useViewerOutlets();
  const [state, setState] = useState<RecordingState>({ phase: 'idle' });
  const [support, setSupport] = useState<Partial<Record<FormatId, FormatSupport>>>({});
  const abort = useRef<AbortController | null>(null);

  const probe = useCallback((width: number, height: number) => {
    let live = true;
    void Promise.all(
      FORMATS.map(async (f) => [f.id, await formatSupport(f.id, width, height)] as const),
    ).then((answers) => {
      if (live) setSupport(Object.fromEntries(answers));
    });
    return () => {
      live = false;
    };
  }, []);

  // Leaving the panel cancels a recording.
  useEffect(() => () => abort.current?.abort(), []);

  const record = useCallback(
    async (options: TurntableOptions, folder: string) => {
      const s = stage();
      if (!s?.model) return;
      const controller = new AbortController();
      abort.current = controller;
      const started = performance.now();
      const frames = Math.round(options.duration * options.fps);
      let place: OpenRecording | undefined;
      setState({
        phase: 'recording',
        progress: { frame: 0, frames, stage: t`Checking the folder` },
        started,
      });
      try {
        if (!outlets) throw new Error('this viewer cannot save files');
        // The folder is checked before a frame is rendered, not after all of them.
        place = await outlets.openRecording(
          recordingFileName(modelName ?? 'model', options),
          folder,
        );
        setState({
          phase: 'recording',
          progress: { frame: 0, frames, stage: t`Rendering` },
          started,
        });
        const recording = await recordTurntable(
          s,
          options,
          (progress) => setState({ phase: 'recording', progress, started }),
          controller.signal,
        );
        const seconds = (performance.now() - started) / 1000;
        setState({ phase: 'saving', started });
        const saved = await place.save(recording.bytes);
        place = undefined;
        setState({ phase: 'saved', saved, frames: recording.frames, seconds });
      } catch (error) {
        void place?.cancel();
        if (controller.signal.aborted) {
          setState({ phase: 'idle' });
          return;
        }
        setState({ phase: 'error', message: (error as Error).message || String(error) });
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [stage, modelName, outlets],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);

  return { state, support, probe, record, cancel };
}
