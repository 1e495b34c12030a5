/**
 * The core of Kiln's desktop features, shared by Electron's main process and the browser host:
 *
 * - finds the file of a finished result by job id or model id (drag out, show in folder), so the
 *   renderer never hands the main process a path: a model comes from the model cache, an export
 *   from the path Kiln itself saved it to;
 * - opens model files from the desktop (file associations, File → Open, recent files) by importing
 *   them into the cache, and queues what the page should show until it takes it.
 */
import { MODEL_FORMATS } from '../../../shared/model-formats';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  BatchView,
  DragSourceView,
  FileRef,
  ModelView,
  OpenRequestView,
  ShowInFolderView,
} from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { JobService } from '../jobs/job-service';
import type { ModelCache } from '../library/model-cache';
import type { Emit, Logger, Paths } from '../ports';
import { sanitizeFilename } from '../files/filename';
import { CACHE_FILE_PATTERN } from '../util/confined-path';
import { LOCAL_MODEL_PREFIX } from '../../../shared/ipc/local-model';
import type { LocalModels } from './local-models';
import type { RecentFiles } from './recent-files';
import type { Recordings } from '../files/recordings';

/** A result's file on disk. */
export interface ResolvedFile {
  readonly path: string;
  readonly name: string;
  readonly mime: string;
}

/** Options of {@link DesktopFiles}. */
export type DesktopFilesOptions = Readonly<{
  jobs: Pick<JobService, 'list'>;
  cache: Pick<ModelCache, 'ensure'>;
  local: LocalModels;
  recent: RecentFiles;
  /** Turntable recordings saved this session. */
  recordings?: Pick<Recordings, 'saved'>;
  /** Batches, whose CSV lists what each saved in its folder. */
  batches?: { list(): ReadonlyArray<Pick<BatchView, 'id' | 'csv'>> };
  paths: Paths;
  emit: Emit;
  logger: Logger;
  /**
   * A one-time URL from which the page's drag can download a file (the browser host); absent
   * where the OS drags the file itself (Electron).
   */
  downloadUrl?: (file: Readonly<{ path: string; name: string }>) => string;
  /** Shows a file in the OS file manager (Electron); absent in the browser host. */
  showInFolder?: (file: string) => void | Promise<void>;
  /**
   * Library models drag out as their compatible GLB while `enabled()` (a setting): `prepare`
   * makes it, or finds it made, in the model cache.
   */
  compatible?: Readonly<{
    enabled: () => boolean;
    prepare: (modelId: string) => Promise<string>;
    prepareSoon: (modelId: string) => void;
  }>;
}>;

const MIME: Record<string, string> = {
  ...Object.fromEntries(MODEL_FORMATS.map((f) => [f.ext, f.mime])),
  zip: 'application/zip',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  webm: 'video/webm',
  mp4: 'video/mp4',
  gif: 'image/gif',
  csv: 'text/csv',
};

/** The media type of a file name (for DownloadURL drags). */
export function mimeOf(name: string): string {
  return MIME[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** Drag-out, show-in-folder and open-from-desktop, by job or model id. */
export class DesktopFiles {
  readonly #o: DesktopFilesOptions;
  /** Files found recently, so Electron's synchronous drag start needs no disk access. */
  readonly #known = new Map<string, ResolvedFile>();
  #requests: OpenRequestView[] = [];

  constructor(options: DesktopFilesOptions) {
    this.#o = options;
  }

  /**
   * The file of a finished result: a job's saved export, a generation's model, or a model by id.
   * @throws KilnError `not_ready` (the job has not finished) or `file_gone`
   */
  async resolve(ref: FileRef): Promise<ResolvedFile> {
    const found =
      'jobId' in ref
        ? await this.#ofJob(ref.jobId)
        : 'recordingId' in ref
          ? this.#ofRecording(ref.recordingId)
          : 'batchId' in ref
            ? this.#ofBatch(ref.batchId)
            : await this.#ofModel(ref.modelId);
    const there = await stat(found.path).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!there) {
      this.#known.delete(keyOf(ref));
      throw new KilnError(
        'file_gone',
        `“${found.name}” is no longer at ${found.path}. Run the export again to get a new copy.`,
      );
    }
    this.#known.set(keyOf(ref), found);
    return found;
  }

  /** The file last resolved for `ref`, without touching the disk (Electron's drag start). */
  known(ref: FileRef): ResolvedFile | undefined {
    return this.#known.get(keyOf(ref));
  }

  /**
   * A library model was opened: when models drag out as compatible GLBs, that file is made now,
   * so it exists when the desktop app's synchronous drag begins.
   */
  modelOpened(modelId: string): void {
    if (this.#o.compatible?.enabled() && !modelId.startsWith(LOCAL_MODEL_PREFIX)) {
      this.#o.compatible.prepareSoon(modelId);
    }
  }

  /** What the page needs to start a drag. */
  async dragSource(ref: FileRef): Promise<DragSourceView> {
    const file = await this.resolve(ref);
    return {
      name: file.name,
      mime: file.mime,
      ...(this.#o.downloadUrl ? { url: this.#o.downloadUrl(file) } : {}),
    };
  }

  /** Shows the result in the file manager, or says where it is when this host cannot. */
  async showInFolder(ref: FileRef): Promise<ShowInFolderView> {
    const file = await this.resolve(ref);
    if (!this.#o.showInFolder) {
      return {
        shown: false,
        path: file.path,
        message: `“Show in folder” works in the Kiln desktop app. In the browser, find the file at ${file.path}.`,
      };
    }
    await this.#o.showInFolder(file.path);
    return { shown: true, path: file.path, message: `Shown in your file manager: ${file.path}` };
  }

  /**
   * Opens a model file from the desktop: imports it into the cache, adds it to the recent files
   * and queues it for the page. A file that cannot be opened queues the reason instead (and leaves
   * the recent list). Never throws.
   */
  async open(filePath: string): Promise<OpenRequestView> {
    let request: OpenRequestView;
    try {
      const model: ModelView = await this.#o.local.import(filePath);
      await this.#o.recent.add(filePath);
      request = { kind: 'local', model };
    } catch (error) {
      const message =
        error instanceof KilnError
          ? error.message
          : `Kiln could not open “${path.basename(filePath)}”. Try again, or export it anew.`;
      if (!(error instanceof KilnError))
        this.#o.logger.warn('opening a local model failed', { error: String(error) });
      await this.#o.recent.remove(filePath).catch(() => undefined);
      request = { kind: 'error', message };
    }
    this.#queue(request);
    return request;
  }

  /** Asks the page to open a library model (a clicked notification). */
  openLibraryModel(modelId: string): void {
    this.#queue({ kind: 'library', modelId });
  }

  /** Hands the page what waits to be shown, once. */
  takeOpenRequests(): OpenRequestView[] {
    const requests = this.#requests;
    this.#requests = [];
    return requests;
  }

  #queue(request: OpenRequestView): void {
    // Only the latest few matter: the page shows one model at a time.
    this.#requests = [...this.#requests, request].slice(-5);
    this.#o.emit('app.openModel', { pending: this.#requests.length });
  }

  async #ofJob(jobId: string): Promise<ResolvedFile> {
    const job = this.#o.jobs.list().find((j) => j.id === jobId);
    if (!job) throw new KilnError('unknown_job', 'Kiln does not know this job. Reload the list.');
    if (job.state !== 'done') {
      throw new KilnError('not_ready', 'This job has not finished yet; its file is not ready.');
    }
    // An export: the file Kiln saved (the path comes from Kiln's own journal, not the page).
    if (job.savedPath) {
      const name = path.basename(job.savedPath);
      return { path: job.savedPath, name, mime: mimeOf(name) };
    }
    if (job.modelId) return this.#ofModel(job.modelId);
    throw new KilnError('file_gone', 'This job left no file to use.');
  }

  #ofRecording(recordingId: string): ResolvedFile {
    const saved = this.#o.recordings?.saved(recordingId);
    if (!saved) {
      throw new KilnError('file_gone', 'Kiln no longer knows this recording. Record it again.');
    }
    // The path is where Kiln itself saved the recording; the page only named its id.
    return { path: saved.path, name: saved.name, mime: mimeOf(saved.name) };
  }

  #ofBatch(batchId: string): ResolvedFile {
    const batch = this.#o.batches?.list().find((b) => b.id === batchId);
    if (!batch) throw new KilnError('file_gone', 'Kiln no longer knows this batch.');
    // The CSV Kiln itself writes beside the batch's files; the page only named the batch.
    const name = path.basename(batch.csv);
    return { path: batch.csv, name, mime: mimeOf(name) };
  }

  async #ofModel(modelId: string): Promise<ResolvedFile> {
    const local = modelId.startsWith(LOCAL_MODEL_PREFIX)
      ? await this.#o.local.get(modelId)
      : undefined;
    if (modelId.startsWith(LOCAL_MODEL_PREFIX) && !local) {
      throw new KilnError(
        'file_gone',
        'This opened file is no longer in Kiln’s cache. Open it again.',
      );
    }
    const cached = local ?? (await this.#o.cache.ensure(modelId, 'user'));
    if (!CACHE_FILE_PATTERN.test(cached.file)) {
      throw new KilnError(
        'file_gone',
        'Kiln’s cache entry for this model is damaged. Open it again.',
      );
    }
    // A model opened from the desktop keeps its format (an STL stays an STL).
    const ext = path.extname(cached.file).slice(1);
    const name = sanitizeFilename(`${cached.name}.${ext}`, {
      fallbackStem: modelId,
      extensions: [ext],
    });
    // A library model as its compatible GLB when the user chose so (a file opened from the
    // desktop stays the user's own file). Both are inside the model cache, named by Kiln.
    const file =
      !local && this.#o.compatible?.enabled()
        ? await this.#o.compatible.prepare(modelId)
        : path.join(this.#o.paths.cache, cached.file);
    return { path: file, name, mime: mimeOf(name) };
  }
}

function keyOf(ref: FileRef): string {
  if ('recordingId' in ref) return `recording:${ref.recordingId}`;
  if ('batchId' in ref) return `batch:${ref.batchId}`;
  return 'jobId' in ref ? `job:${ref.jobId}` : `model:${ref.modelId}`;
}
