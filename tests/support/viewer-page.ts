/**
 * Page module of the model viewer: open models by dropping local GLBs on it (the drop-in
 * feature), switch its modes, and read what it shows through its readiness attributes, counts
 * and canvas pixels, never through sleeps.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { FixtureModel } from './fixture-models';

/** Live renderer resources, from `data-gl-*` on the viewer. */
export interface GlCounts {
  readonly geometries: number;
  readonly textures: number;
  readonly programs: number;
}

/** Where the page fetches fixture files from: the host's origin, answered by a route. */
const FIXTURE_PATH = '/__viewer-fixtures/';

/** The viewer inside Kiln's window. */
export class ViewerPage {
  readonly #served = new Set<string>();

  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('viewer');
  }
  get canvas(): Locator {
    return this.root.locator('canvas');
  }

  /** The caption above the viewer: what is on screen, named as the user knows it. */
  get caption(): Locator {
    return this.page.getByTestId('viewer-caption');
  }
  /** The A and B labels over a comparison. */
  get compareLabels(): Locator {
    return this.control('viewer-compare-labels');
  }
  compareLabel(side: 'a' | 'b'): Locator {
    return this.control(`viewer-compare-label-${side}`);
  }
  /** The one action that ends any comparison, shown over it. */
  get stopCompareButton(): Locator {
    return this.control('viewer-compare-end');
  }

  /** A control of the viewer by its test id. */
  control(testId: string): Locator {
    return this.root.getByTestId(testId);
  }

  /**
   * Drops `models` (one GLB, or a glTF with its files) on the viewer the way a file manager
   * does: a real `drop` whose DataTransfer holds Files, on the "Open" or "Compare" zone that
   * appears while dragging. The bytes reach the page through routed requests on the host's own
   * origin, so nothing leaves 127.0.0.1 and no large string crosses the protocol.
   */
  async drop(
    models: FixtureModel | readonly FixtureModel[],
    target: 'open' | 'compare' = 'open',
  ): Promise<void> {
    const list = Array.isArray(models)
      ? (models as readonly FixtureModel[])
      : [models as FixtureModel];
    const origin = new URL(this.page.url()).origin;
    const files: Array<{ url: string; name: string }> = [];
    for (const model of list) {
      const url = `${origin}${FIXTURE_PATH}${model.name}`;
      files.push({ url, name: model.name });
      if (this.#served.has(model.name)) continue;
      this.#served.add(model.name);
      const body = Buffer.from(model.bytes);
      await this.page.route(url, (route) => route.fulfill({ status: 200, body }));
    }
    const dataTransfer = await this.page.evaluateHandle(async (items) => {
      const dt = new DataTransfer();
      for (const { url, name } of items) {
        const blob = await (await fetch(url)).blob();
        dt.items.add(new File([blob], name));
      }
      return dt;
    }, files);
    await this.root.dispatchEvent('dragenter', { dataTransfer });
    await this.control(`viewer-drop-${target}`).dispatchEvent('drop', { dataTransfer });
    await dataTransfer.dispose();
  }

  /** Drops `models` (a GLB, or a glTF and its files) and waits until the model is on screen. */
  async open(models: FixtureModel | readonly FixtureModel[], timeout = 60_000): Promise<void> {
    const list = Array.isArray(models)
      ? (models as readonly FixtureModel[])
      : [models as FixtureModel];
    const main = list.find((m) => /\.(glb|gltf)$/i.test(m.name)) ?? list[0]!;
    await this.drop(list);
    await expect(this.root).toHaveAttribute('data-model-name', main.name);
    await expect(this.root).toHaveAttribute('data-viewer-state', 'ready', { timeout });
  }

  /** Closes the dropped model and waits for the empty viewer. */
  async close(): Promise<void> {
    await this.control('viewer-close').click();
    await expect(this.root).toHaveAttribute('data-viewer-state', 'empty');
  }

  /** Opens an inspector tab (if it is not open already). */
  async tab(
    name: 'scene' | 'stats' | 'parts' | 'compare' | 'capture' | 'record' | 'health',
  ): Promise<Locator> {
    const panel = this.control(`viewer-panel-${name}`);
    if (!(await panel.isVisible())) await this.control(`viewer-tab-${name}`).click();
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Waits for a drawn frame whose settings match, e.g. `shading=clay`. */
  async waitDrawn(fragment: string): Promise<void> {
    await expect(this.root).toHaveAttribute(
      'data-drawn',
      new RegExp(`(^| )${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`),
    );
  }

  /** Frames drawn so far. */
  async frames(): Promise<number> {
    return Number(await this.root.getAttribute('data-frames'));
  }

  /**
   * Waits until the camera has finished moving (`data-camera="still"`) and then no frame has
   * been drawn for `quietMs` (orbit damping, shadow re-bakes settled), nor is one still waiting
   * to be drawn.
   */
  async waitIdle(quietMs = 400): Promise<number> {
    await expect(this.root).toHaveAttribute('data-camera', 'still');
    let last = await this.frames();
    let stableSince = Date.now();
    for (;;) {
      await this.page.waitForTimeout(100);
      let now = await this.frames();
      if (now === last && Date.now() - stableSince >= quietMs) {
        // Under SwiftShader a busy GPU process can hold a requested animation frame back for
        // longer than `quietMs` (seen in CI: a pause's last frame drawn ~0.5 s late). Animation
        // frame callbacks run in the order they were asked for, so once two of ours have run,
        // every frame the viewer had asked for before them has been drawn.
        await this.page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        now = await this.frames();
        if (now === last) return now;
      }
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
    }
  }

  /** The renderer's live resource counts after the last drawn frame. */
  async glCounts(): Promise<GlCounts> {
    const read = async (name: string): Promise<number> =>
      Number(await this.root.getAttribute(`data-gl-${name}`));
    return {
      geometries: await read('geometries'),
      textures: await read('textures'),
      programs: await read('programs'),
    };
  }

  /**
   * What the canvas drew, as raw RGB pixels at drawing-buffer size: read from the canvas itself
   * (it keeps its drawing buffer), so the toolbars and panels over it are not in the picture.
   */
  async pixels(): Promise<Pixels> {
    const dataUrl = await this.canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
    const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const { data, info } = await sharp(png)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
}

/** Raw RGB pixels. */
export interface Pixels {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** A part of an image in fractions of its width and height. */
export interface Region {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

const WHOLE: Region = { x0: 0, x1: 1, y0: 0, y1: 1 };

function* regionPixels(image: Pixels, region: Region): Generator<[number, number, number]> {
  const { data, width, height } = image;
  for (let y = Math.floor(region.y0 * height); y < Math.floor(region.y1 * height); y++) {
    for (let x = Math.floor(region.x0 * width); x < Math.floor(region.x1 * width); x++) {
      const i = (y * width + x) * 3;
      yield [data[i]!, data[i + 1]!, data[i + 2]!];
    }
  }
}

/** Mean colour of a region, 0…255 per channel, and its mean saturation (max − min), 0…255. */
export function regionStats(
  image: Pixels,
  region: Region = WHOLE,
): { r: number; g: number; b: number; luma: number; saturation: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  let saturation = 0;
  let n = 0;
  for (const [pr, pg, pb] of regionPixels(image, region)) {
    r += pr;
    g += pg;
    b += pb;
    saturation += Math.max(pr, pg, pb) - Math.min(pr, pg, pb);
    n++;
  }
  n = Math.max(n, 1);
  return {
    r: r / n,
    g: g / n,
    b: b / n,
    luma: (0.2126 * r + 0.7152 * g + 0.0722 * b) / n,
    saturation: saturation / n,
  };
}

/** The colour of the pixel at fractions (x, y) of the image. */
export function pixelAt(image: Pixels, x: number, y: number): [number, number, number] {
  const px = Math.min(image.width - 1, Math.floor(x * image.width));
  const py = Math.min(image.height - 1, Math.floor(y * image.height));
  const i = (py * image.width + px) * 3;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

/** Mean absolute difference per channel between two same-sized RGB images, 0…255. */
export function imageDifference(a: Pixels, b: Pixels): number {
  const n = Math.min(a.data.length, b.data.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / n;
}

/**
 * Share of pixels in a region that differ clearly from `background` (by default the colour of
 * the image's top-left pixel): how much of the region the model covers.
 */
export function coverage(
  image: Pixels,
  region: Region = WHOLE,
  background: [number, number, number] = pixelAt(image, 0, 0),
): number {
  const [r0, g0, b0] = background;
  let differing = 0;
  let n = 0;
  for (const [r, g, b] of regionPixels(image, region)) {
    if (Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 40) differing++;
    n++;
  }
  return differing / Math.max(1, n);
}
