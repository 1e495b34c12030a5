/**
 * Where rendered frames go: a video file encoded with the platform's WebCodecs encoder and
 * muxed by mediabunny (WebM or MP4; VP9 keeps an alpha track), or a GIF encoded with gifenc.
 * Both take frames by number, so timestamps are exact whatever time rendering took.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import {
  BufferTarget,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import { formatOf, type FormatId } from './turntable-plan';

/** A file being encoded frame by frame. */
export interface FrameSink {
  /** Encodes frame `index` (RGBA, top row first, straight alpha); resolves when it may take more. */
  add(pixels: Uint8Array, index: number): Promise<void>;
  /** Finishes the file and returns its bytes. */
  finish(): Promise<Uint8Array>;
  /** Abandons the file. */
  cancel(): Promise<void>;
}

/** What a sink encodes. */
export interface SinkOptions {
  readonly format: FormatId;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly transparent: boolean;
}

/** A sink for `o.format`. */
export async function createSink(o: SinkOptions): Promise<FrameSink> {
  return formatOf(o.format).codec ? videoSink(o) : gifSink(o);
}

async function videoSink(o: SinkOptions): Promise<FrameSink> {
  const format = formatOf(o.format);
  const target = new BufferTarget();
  const output = new Output({
    // MP4: the index goes first, so players start before the whole file has arrived.
    format:
      format.extension === 'mp4'
        ? new Mp4OutputFormat({ fastStart: 'in-memory' })
        : new WebMOutputFormat(),
    target,
  });
  const source = new VideoSampleSource({
    codec: format.codec!,
    quality: QUALITY_HIGH,
    keyFrameInterval: 2,
    alpha: o.transparent ? 'keep' : 'discard',
    latencyMode: 'quality',
  });
  output.addVideoTrack(source, { frameRate: o.fps });
  await output.start();
  return {
    async add(pixels, index) {
      const sample = new VideoSample(pixels, {
        format: o.transparent ? 'RGBA' : 'RGBX',
        codedWidth: o.width,
        codedHeight: o.height,
        timestamp: index / o.fps,
        duration: 1 / o.fps,
      });
      try {
        await source.add(sample);
      } finally {
        sample.close();
      }
    },
    async finish() {
      await output.finalize();
      return new Uint8Array(target.buffer!);
    },
    async cancel() {
      await output.cancel();
    },
  };
}

async function gifSink(o: SinkOptions): Promise<FrameSink> {
  const gif = GIFEncoder();
  // GIF counts time in hundredths of a second: 24 fps is 4 (25 fps), 30 fps is 3 (33 fps).
  const delay = Math.round(100 / o.fps) * 10;
  const format = o.transparent ? 'rgba4444' : 'rgb565';
  return {
    async add(pixels, index) {
      const palette = quantize(
        pixels,
        256,
        o.transparent ? { format, oneBitAlpha: true } : { format },
      );
      const indexed = applyPalette(pixels, palette, format);
      const clear = o.transparent ? palette.findIndex((c) => c[3] === 0) : -1;
      gif.writeFrame(indexed, o.width, o.height, {
        palette,
        delay,
        ...(index === 0 ? { repeat: 0 } : {}),
        ...(clear >= 0 ? { transparent: true, transparentIndex: clear, dispose: 2 } : {}),
      });
    },
    async finish() {
      gif.finish();
      return gif.bytes();
    },
    async cancel() {},
  };
}
