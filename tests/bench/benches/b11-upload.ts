/**
 * B11 — memory of the host while a 20 MB photo is uploaded.
 *
 * The browser host runs in this process, so its memory is this process's. Kiln's window sends a
 * real 20 MB photo (coffee.png upscaled, PNG) to the host exactly as its upload path does
 * (`POST ./upload` with the start token, the File as the body: `lib/page-upload.ts`), while the process's RSS and its external memory
 * (Buffers) are sampled every 2 ms; the peak above the level just before (after GC) is set against
 * the file's size. The first sample counts too: after it, freed pages can be reused, so RSS alone
 * could hide a copy; the Buffer peak shows what was allocated, whether or not still referenced.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openKiln, type BenchContext, type BenchResult } from '../lib/context';
import { bigPhoto } from '../lib/fixtures';
import { withMemoryPeak } from '../lib/memory-peak';
import { uploadAsPage } from '../lib/page-upload';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function b11(ctx: BenchContext): Promise<BenchResult> {
  const photo = await bigPhoto();
  const url = await ctx.kiln.publish(photo);
  const open = await openKiln(ctx);
  const rss: number[] = [];
  const buffers: number[] = [];
  try {
    await open.page.evaluate(
      ([u, n]) => window.__bench!.fetchFile(u!, n!, 'image/png'),
      [url, 'big-photo.png'],
    );
    for (let i = 0; i < ctx.options.samples; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 100));
      const peak = await withMemoryPeak(() => uploadAsPage(open.page, 'big-photo.png'));
      const answer = peak.result;
      if (!answer.ok) {
        throw new Error(`the host refused the upload (HTTP ${answer.status}): ${answer.message}`);
      }
      rss.push(peak.rssBytes / 1e6);
      buffers.push(peak.externalBytes / 1e6);
    }
  } finally {
    await open.close();
  }
  const sizeMb = photo.bytes / 1e6;
  return {
    rows: [
      {
        bench: 'B11',
        metric: `host peak extra RSS while a ${sizeMb.toFixed(1)} MB photo uploads`,
        unit: 'MB',
        app: rss,
        baseline: [sizeMb],
        baselineLabel: `file size ${sizeMb.toFixed(1)} MB`,
        target: '≤ 1.5×',
        check: { kind: 'ratio', max: 1.5 },
      },
      {
        bench: 'B11',
        metric: '  Buffers allocated at peak (not yet collected garbage included)',
        unit: 'MB',
        app: buffers,
        baseline: [sizeMb],
        target: '—',
        check: { kind: 'info' },
      },
    ],
  };
}
