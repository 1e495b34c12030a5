/**
 * Page module of the viewer's Turntable panel, and readers that check what it saved: a video's
 * container, codec, size, frame count and duration (read back with mediabunny, in Node), a GIF's
 * size and frame count (sharp).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import sharp from 'sharp';
import type { Pixels, ViewerPage } from './viewer-page';

/** What the panel is asked to record. */
export interface RecordOptions {
  readonly format: 'webm-vp9' | 'webm-av1' | 'mp4-h264' | 'gif';
  readonly size: string;
  readonly fps: 24 | 30 | 60;
  readonly seconds: number;
  readonly background?: 'environment' | 'solid' | 'transparent';
  readonly motion?: 'turn' | 'swing' | 'still';
}

/** A saved video as read back. */
export interface VideoFacts {
  readonly magic: string;
  readonly container: string;
  readonly codec: string | null;
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly duration: number;
  readonly transparent: boolean;
}

/** The Turntable panel of a viewer. */
export class TurntablePage {
  constructor(readonly viewer: ViewerPage) {}

  get panel(): Locator {
    return this.viewer.control('turntable-panel');
  }

  async open(): Promise<Locator> {
    await this.viewer.tab('record');
    return this.panel;
  }

  /** Fills the form (and the folder to save in). */
  async choose(o: RecordOptions, folder: string): Promise<void> {
    const p = this.panel;
    await p.getByTestId('turntable-format').selectOption(o.format);
    await p.getByTestId('turntable-size').selectOption(o.size);
    await p.getByTestId('turntable-fps').selectOption(String(o.fps));
    await p.getByTestId('turntable-duration').fill(String(o.seconds));
    await p.getByTestId('turntable-motion').selectOption(o.motion ?? 'turn');
    await p.getByTestId(`turntable-background-${o.background ?? 'environment'}`).check();
    await p.getByTestId('turntable-folder').fill(folder);
  }

  /** Records with the form as it is and returns the saved file's path. */
  async record(folder: string, timeout = 240_000): Promise<string> {
    await this.panel.getByTestId('turntable-record').click();
    await expect(this.panel).toHaveAttribute('data-recording-state', 'saved', { timeout });
    return path.join(folder, (await this.panel.getByTestId('turntable-file').textContent())!);
  }
}

/** Reads a saved WebM or MP4 back. */
export async function readVideo(file: string): Promise<VideoFacts> {
  const bytes = new Uint8Array(await readFile(file));
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const stats = await track.computePacketStats();
  return {
    magic: Buffer.from(bytes.subarray(0, 12)).toString('hex'),
    container: (await input.getFormat()).name,
    codec: track.codec,
    width: track.displayWidth,
    height: track.displayHeight,
    frames: stats.packetCount,
    duration: await input.computeDuration(),
    transparent: await track.canBeTransparent(),
  };
}

/** Reads a saved GIF back. */
export async function readGif(
  file: string,
): Promise<{ magic: string; width: number; height: number; frames: number; delay: number[] }> {
  const bytes = await readFile(file);
  const meta = await sharp(bytes, { animated: true }).metadata();
  return {
    magic: bytes.subarray(0, 6).toString('latin1'),
    width: meta.width!,
    height: meta.pageHeight!,
    frames: meta.pages!,
    delay: meta.delay ?? [],
  };
}

/** Frame `page` of a GIF as RGB pixels. */
export async function gifFrame(file: string, page: number): Promise<Pixels> {
  const { data, info } = await sharp(file, { page })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
