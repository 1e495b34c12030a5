/**
 * The page's side of the photo preflight: one worker for the window, started with the first
 * photo, checks queued in the order photos arrive (a batch of 100 is checked one by one in the
 * background while the page stays responsive), results kept per photo id for whoever shows them.
 */
import type { FractionBox, PhotoPreflight } from '../../../../shared/preflight/types';
import { PREFLIGHT_WARM_MARK, type PreflightRequest, type PreflightResponse } from './protocol';

/** Where a photo's check stands. */
export type PreflightState =
  | { status: 'checking' }
  | { status: 'done'; result: PhotoPreflight }
  | { status: 'failed'; message: string };

interface Pending {
  resolve(value: PreflightResponse): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;
const states = new Map<string, PreflightState>();
/**
 * Results of photos removed lately, oldest first: an Undo brings a photo back with its id, and
 * its verdict (and suggested crop) with it instead of checking it again. A photo id never names
 * another file, so a result parked is still its photo's.
 */
const parked = new Map<string, PreflightState>();
/** How many removed photos' results wait for an Undo (a batch's flagged ones left out at once). */
const PARKED_MAX = 100;
/**
 * The photos as the page shows them, made by the worker from its decode (see `PREVIEW_SIDE`),
 * kept as long as their photo's check or parked result.
 */
const previews = new Map<string, ImageBitmap>();
/** The photo id of each check sent, for its preview. */
const photoOfRequest = new Map<number, string>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const l of listeners) l();
}

function send(request: PreflightRequest): Promise<PreflightResponse> {
  if (!worker) {
    // Vite bundles the worker and the checks it imports into a file of the app.
    worker = new Worker(new URL('./preflight.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PreflightResponse>) => {
      if (event.data.type === 'preview') {
        const photo = photoOfRequest.get(event.data.id);
        if (photo !== undefined && states.has(photo)) {
          previews.set(photo, event.data.preview);
          changed();
        } else event.data.preview.close();
        return;
      }
      photoOfRequest.delete(event.data.id);
      pending.get(event.data.id)?.resolve(event.data);
      pending.delete(event.data.id);
    };
  }
  return new Promise((resolve) => {
    pending.set(request.id, { resolve });
    worker!.postMessage(request);
  });
}

let warming: Promise<unknown> | undefined;

/**
 * Starts the worker and has it compile its checks ahead of the first photo (once per window), so
 * a photo's verdict is not kept waiting by the worker's start: called at an idle moment once a
 * flow that checks photos is shown. A photo that came first has started the worker and compiled
 * the checks with its own: nothing is left to warm.
 */
export function warmUp(): void {
  if (worker && !warming) return;
  // The mark says when the worker is ready (bench B17 drops a fresh page's first photo after it,
  // as an artist's first drop comes once the window has settled; a profile shows it too).
  warming ??= send({ type: 'warm', id: nextId++ }).then(() =>
    performance.mark(PREFLIGHT_WARM_MARK),
  );
}

/**
 * Starts checking a photo unless it is checked or being checked already. `preview` (default on):
 * the worker also sends the photo small for the page to show ({@link previewOf}); a batch's
 * photos, which the page lists without showing, go without (100 of them held ~60 MB of bitmaps).
 */
export function checkPhoto(id: string, photo: Blob, { preview = true } = {}): void {
  if (states.has(id)) return;
  const back = parked.get(id);
  if (back?.status === 'done') {
    parked.delete(id);
    states.set(id, back);
    changed();
    return;
  }
  states.set(id, { status: 'checking' });
  changed();
  const request = nextId++;
  photoOfRequest.set(request, id);
  void send({ type: 'check', id: request, photo, preview }).then((answer) => {
    if (!states.has(id)) return; // forgotten meanwhile
    states.set(
      id,
      answer.type === 'checked'
        ? { status: 'done', result: answer.result }
        : { status: 'failed', message: answer.type === 'failed' ? answer.message : 'unexpected' },
    );
    changed();
  });
}

/**
 * Forgets the checks of photos that were removed; their finished results are parked for an
 * Undo that brings the photo back (the oldest go beyond {@link PARKED_MAX}).
 */
export function forget(ids: Iterable<string>): void {
  let any = false;
  for (const id of ids) {
    const state = states.get(id);
    if (state?.status === 'done') parked.set(id, state);
    else dropPreview(id);
    any = states.delete(id) || any;
  }
  for (const old of parked.keys()) {
    if (parked.size <= PARKED_MAX) break;
    parked.delete(old);
    dropPreview(old);
  }
  if (any) changed();
}

function dropPreview(id: string): void {
  previews.get(id)?.close();
  previews.delete(id);
}

/**
 * The photo small, as the worker decoded it for its check (undefined until the worker has it, or
 * when it could not decode the photo): what the page shows instead of decoding the file itself.
 */
export const previewOf = (id: string): ImageBitmap | undefined => previews.get(id);

/** The state of a photo's check (undefined: never asked). */
export const preflightOf = (id: string): PreflightState | undefined => states.get(id);

/** Subscribes to changes (for `useSyncExternalStore`). */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever a check does. */
export const snapshot = (): number => version;

/** Cuts `box` out of a photo into a new file (the original is untouched). */
export async function cropPhoto(photo: File, box: FractionBox): Promise<File> {
  const mime = photo.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const answer = await send({ type: 'crop', id: nextId++, photo, box, mime });
  // The worker's own words are a developer's detail (the page says nothing of a failed crop).
  if (answer.type !== 'cropped')
    throw new Error(answer.type === 'failed' ? answer.message : 'crop-failed');
  const base = photo.name.replace(/\.[^.]+$/, '');
  const fileName = `${base}-crop.${mime === 'image/png' ? 'png' : 'jpg'}`;
  return new File([answer.photo], fileName, { type: mime });
}
