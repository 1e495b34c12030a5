/**
 * Records a turntable: for each frame, the camera turns (or swings) and the clip moves to that
 * frame's moment, the frame is rendered off screen and handed to the encoder. Between frames
 * the page gets its turn, so the progress bar moves and Cancel works, and the encoder's
 * backpressure is respected. The viewer's own camera and clip are left as they were.
 */
import { t } from '@lingui/core/macro';
import { yieldToBrowser } from '../loading/yield-to-browser';
import type { ViewerStage } from '../viewer-types';
import { FrameRenderer } from './frame-renderer';
import {
  cameraAngle,
  clipTime,
  formatOf,
  frameCount,
  type TurntableOptions,
} from './turntable-plan';

/** Progress of a recording. */
export interface RecordingProgress {
  readonly frame: number;
  readonly frames: number;
  /** "Rendering", then "Finishing the file". */
  readonly stage: string;
}

/** A finished recording. */
export interface Recording {
  readonly bytes: Uint8Array;
  readonly frames: number;
  readonly mime: string;
}

/**
 * Records `o` from `stage`. Rejects with an `AbortError` when `signal` aborts (the partial file
 * is dropped).
 */
export async function recordTurntable(
  stage: ViewerStage,
  o: TurntableOptions,
  onProgress: (p: RecordingProgress) => void,
  signal: AbortSignal,
): Promise<Recording> {
  const frames = frameCount(o);
  const transparent = o.background === 'transparent';
  // The encoders (mediabunny, gifenc) are a chunk of their own, fetched for the first recording.
  const { createSink } = await import('./frame-encoders');
  const sink = await createSink({ ...o, transparent });
  const renderer = new FrameRenderer(stage, o.width, o.height, o.background, o.colour);
  const clip = o.clip ? stage.animation : null;
  const was = clip ? { time: clip.time, playing: clip.getSnapshot().playing } : null;
  if (clip && was?.playing) clip.pause();
  try {
    const speed = clip?.getSnapshot().speed ?? 1;
    for (let i = 0; i < frames; i++) {
      signal.throwIfAborted();
      if (clip) clip.seek(clipTime(i * speed, o.fps, clip.duration));
      const pixels = renderer.render({ angle: cameraAngle(o.motion, i, frames) });
      await sink.add(pixels, i);
      onProgress({ frame: i + 1, frames, stage: t`Rendering` });
      await yieldToBrowser();
    }
    signal.throwIfAborted();
    onProgress({ frame: frames, frames, stage: t`Finishing the file` });
    return { bytes: await sink.finish(), frames, mime: formatOf(o.format).mime };
  } catch (error) {
    await sink.cancel().catch(() => undefined);
    throw error;
  } finally {
    renderer.dispose();
    if (clip && was) {
      clip.seek(was.time);
      if (was.playing) clip.play();
    }
    stage.invalidate();
  }
}
