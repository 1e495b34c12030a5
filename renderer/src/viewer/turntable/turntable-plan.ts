/**
 * What a turntable recording is: its formats, sizes, motions and limits, and per frame where the
 * camera stands and which moment of a clip is shown. Frames are numbered, never timed, so a slow
 * machine makes the same smooth video as a fast one, only later.
 */
import { t } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import { modelFileStem } from '../capture/capture-pixels';

/** How the camera moves. */
export type Motion = 'turn' | 'swing' | 'still';
/** What is behind the model. */
export type BackgroundKind = 'environment' | 'solid' | 'transparent';
/** A file format the recorder can write. */
export type FormatId = 'webm-vp9' | 'webm-av1' | 'mp4-h264' | 'gif';

/** A format and what it can do. */
export interface RecordingFormat {
  readonly id: FormatId;
  /** The format and codec as their makers name them ("WebM (VP9)"), the same in every language. */
  readonly formatName: string;
  readonly extension: 'webm' | 'mp4' | 'gif';
  readonly mime: string;
  /** The WebCodecs codec (mediabunny's name), or null for GIF (encoded in JavaScript). */
  readonly codec: 'vp9' | 'av1' | 'avc' | null;
  /** A transparent background survives: VP9 with an alpha track, GIF's transparent colour. */
  readonly alpha: boolean;
}

/** The formats, most widely playable first. */
export const FORMATS: readonly RecordingFormat[] = [
  {
    id: 'mp4-h264',
    formatName: 'MP4 (H.264)',
    extension: 'mp4',
    mime: 'video/mp4',
    codec: 'avc',
    alpha: false,
  },
  {
    id: 'webm-vp9',
    formatName: 'WebM (VP9)',
    extension: 'webm',
    mime: 'video/webm',
    codec: 'vp9',
    alpha: true,
  },
  {
    id: 'webm-av1',
    formatName: 'WebM (AV1)',
    extension: 'webm',
    mime: 'video/webm',
    codec: 'av1',
    alpha: false,
  },
  {
    id: 'gif',
    formatName: 'GIF',
    extension: 'gif',
    mime: 'image/gif',
    codec: null,
    alpha: true,
  },
];

/** A frame size; the panel names it ("1920 × 1080 (HD)", "1080 × 1080 (square)"). */
export interface RecordingSize {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** The video standard's name, when it has one. */
  readonly standardName?: string;
}

/** Sizes offered: wide and square, up to 1920 × 1080 and 1080 × 1080. */
export const SIZES: readonly RecordingSize[] = [
  { id: '1080p', width: 1920, height: 1080, standardName: 'HD' },
  { id: '720p', width: 1280, height: 720 },
  { id: 'square', width: 1080, height: 1080 },
  { id: 'square-720', width: 720, height: 720 },
  { id: '360p', width: 640, height: 360 },
  { id: 'square-480', width: 480, height: 480 },
];

/** Frame rates offered. */
export const FRAME_RATES = [24, 30, 60] as const;
/** Length limits, seconds. */
export const DURATION = { min: 2, max: 20 } as const;
/** How far a swing turns each way. */
export const SWING_DEGREES = 35;

/** Everything a recording is made with. */
export interface TurntableOptions {
  readonly format: FormatId;
  readonly width: number;
  readonly height: number;
  readonly fps: (typeof FRAME_RATES)[number];
  /** Seconds, 2–20. */
  readonly duration: number;
  readonly motion: Motion;
  /** Play the model's selected clip while recording. */
  readonly clip: boolean;
  readonly background: BackgroundKind;
  /** `#rrggbb`, for the solid background. */
  readonly colour: string;
}

/** The format of `id`. */
export function formatOf(id: FormatId): RecordingFormat {
  return FORMATS.find((f) => f.id === id)!;
}

/** Frames in the recording. */
export function frameCount(o: Pick<TurntableOptions, 'duration' | 'fps'>): number {
  return Math.max(1, Math.round(o.duration * o.fps));
}

/**
 * The camera's turn about the vertical axis at frame `i` of `n`, radians. A turn goes once round
 * and stops one step short, so the video loops without a repeated frame; a swing eases out and
 * back (a sine), so it loops too.
 */
export function cameraAngle(motion: Motion, i: number, n: number): number {
  if (motion === 'still') return 0;
  const t = i / n;
  if (motion === 'turn') return t * Math.PI * 2;
  return ((SWING_DEGREES * Math.PI) / 180) * Math.sin(t * Math.PI * 2);
}

/** Seconds into a clip of `length` seconds at frame `i`: the clip loops over the recording. */
export function clipTime(i: number, fps: number, length: number): number {
  if (!(length > 0)) return 0;
  return (i / fps) % length;
}

/** Why these options cannot be recorded, or null. Codec support is checked separately. */
export function optionsError(o: TurntableOptions, hasClip: boolean): string | null {
  const format = formatOf(o.format);
  if (!(o.duration >= DURATION.min && o.duration <= DURATION.max)) {
    const shortest = formatNumber(DURATION.min);
    const longest = formatNumber(DURATION.max);
    return t`Choose a length from ${shortest} to ${longest} seconds.`;
  }
  if (o.width > 1920 || o.height > 1080 || o.width < 16 || o.height < 16) {
    return t`Choose a size up to 1920 × 1080.`;
  }
  if (o.background === 'transparent' && !format.alpha) {
    const name = format.formatName;
    return t`${name} has no transparency: choose WebM (VP9) or GIF, or another background.`;
  }
  if (o.format === 'gif' && o.fps === 60) {
    return t`GIF cannot play 60 frames a second (players slow frames under 20 ms down): choose 24 or 30.`;
  }
  if (o.motion === 'still' && !(o.clip && hasClip)) {
    return t`A still camera records only a playing clip: turn the camera, or play a clip.`;
  }
  if (!/^#[0-9a-f]{6}$/i.test(o.colour)) return t`Choose a background colour.`;
  return null;
}

/** "kiln-coffee-turntable-1920x1080.webm": a file name from the model name and the options. */
export function recordingFileName(modelName: string, o: TurntableOptions): string {
  const kind = o.motion === 'still' ? 'clip' : o.motion === 'swing' ? 'swing' : 'turntable';
  const fileName = `kiln-${modelFileStem(modelName)}-${kind}-${o.width}x${o.height}.${formatOf(o.format).extension}`;
  return fileName;
}
