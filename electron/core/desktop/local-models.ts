/**
 * Model files the user opens from the desktop (double-click a .glb or an .stl, File → Open, a
 * recent file; every format of `shared/model-formats.ts`):
 * checked, then copied into the model cache under the SHA-256 of their bytes, so the renderer
 * loads them through the same confined cache URL as downloaded models and the original file is
 * never served or touched. A .gltf with separate buffers and textures is packed into one GLB.
 *
 * Every file is opened first and checked on the open handle, and read from that handle (no
 * check-then-read race). A .gltf's buffers and textures must lie in its folder: relative URIs
 * only, on every OS (no absolute, drive-letter, UNC or device path, no URL of another scheme), and
 * no symlink that leads out of the folder.
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path, { type PlatformPath } from 'node:path';
import { Readable } from 'node:stream';
import { formatBytes } from '../../../shared/format';
import type { ModelView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { openConfinedFile, openUserFile, type ServedFile } from '../files/served-file';
import { streamToFile } from '../files/stream-to-file';
import { MAX_MODEL_BYTES } from '../library/model-cache';
import type { Clock, Paths } from '../ports';
import { LOCAL_MODEL_PREFIX } from '../../../shared/ipc/local-model';
import {
  MODEL_EXTENSIONS,
  modelExtensionOf,
  type ModelExtension,
} from '../../../shared/model-formats';
import { CoalescedFile } from '../util/coalesced-file';
import { InFlight } from '../util/in-flight';

/** A local model in the cache. */
export interface LocalModel {
  readonly modelId: string;
  readonly name: string;
  /** File name in the cache (`<sha256>.glb`, or `.stl`, `.obj`… for a file opened in that format). */
  readonly file: string;
  readonly bytes: number;
  /** Where it was opened from. */
  readonly source: string;
}

/** Options of {@link LocalModels}. */
export type LocalModelsOptions = Readonly<{
  paths: Paths;
  clock: Clock;
  cacheFileUrl: (file: string) => string;
  maxBytes?: number;
  /** The core's work in flight: its close stops a copy into the cache and waits for it. */
  inFlight?: InFlight;
}>;

const GLB_MAGIC = 0x46546c67; // "glTF"
/** A .gltf's JSON is small; its buffers and pictures are counted against `maxBytes` separately. */
const MAX_GLTF_JSON_BYTES = 64 * 1024 * 1024;

/** Imports local model files into the cache and remembers them by id. */
export class LocalModels {
  readonly #o: LocalModelsOptions;
  readonly #indexFile: string;
  readonly #writer: CoalescedFile;
  readonly #work: InFlight;
  #index: Promise<Record<string, LocalModel>> | undefined;

  constructor(options: LocalModelsOptions) {
    this.#o = options;
    this.#indexFile = path.join(options.paths.data, 'local-models.json');
    this.#writer = new CoalescedFile(this.#indexFile);
    this.#work = options.inFlight ?? new InFlight();
  }

  /**
   * Checks the file at `filePath` and copies it into the cache.
   * @throws KilnError `invalid_file` with a sentence saying what is wrong and what to do;
   *   CancelledError once the core is closing
   */
  import(filePath: string): Promise<ModelView> {
    return this.#work.run(() => this.#import(filePath));
  }

  async #import(filePath: string): Promise<ModelView> {
    const name = path.basename(filePath);
    const ext = modelExtensionOf(name);
    if (!ext) {
      throw invalid(
        `Kiln opens ${MODEL_EXTENSIONS.map((e) => `.${e}`).join(', ')} models; “${name}” is none of them.`,
      );
    }
    const file = await openUserFile(filePath);
    if (!file) {
      throw invalid(`“${name}” could not be read. Check that it still exists, then open it again.`);
    }
    let stored: Stored;
    try {
      const max = this.#o.maxBytes ?? MAX_MODEL_BYTES;
      if (file.size > max) {
        throw invalid(
          `“${name}” is ${formatBytes(file.size)}, more than Kiln opens (${formatBytes(max)}).`,
        );
      }
      stored =
        ext === 'glb'
          ? await this.#copyGlb(file, name)
          : ext === 'gltf'
            ? await this.#packGltf(file, path.dirname(filePath), name, max)
            : await this.#copyOther(file, name, ext);
    } finally {
      await file.close();
    }
    const modelId = `${LOCAL_MODEL_PREFIX}${stored.file.slice(0, 16)}`;
    const model: LocalModel = {
      modelId,
      name: path.basename(name, path.extname(name)),
      file: stored.file,
      bytes: stored.bytes,
      source: filePath,
    };
    const index = await this.#load();
    index[modelId] = model;
    await this.#writer.write(() => JSON.stringify(index));
    return this.view(model);
  }

  /** The local model with this id, if Kiln imported it (and its cache file is still there). */
  async get(modelId: string): Promise<LocalModel | undefined> {
    const model = (await this.#load())[modelId];
    if (!model) return undefined;
    const there = await stat(path.join(this.#o.paths.cache, model.file)).then(
      (s) => s.isFile(),
      () => false,
    );
    return there ? model : undefined;
  }

  /** What the renderer shows. */
  view(model: LocalModel): ModelView {
    return { modelId: model.modelId, name: model.name, fileUrl: this.#o.cacheFileUrl(model.file) };
  }

  async #copyGlb(file: ServedFile, name: string): Promise<Stored> {
    const head = await file.head(12);
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const ok =
      head.byteLength === 12 &&
      view.getUint32(0, true) === GLB_MAGIC &&
      view.getUint32(4, true) === 2 &&
      view.getUint32(8, true) === file.size;
    if (!ok) {
      throw invalid(
        `“${name}” is not a glTF 2.0 binary model (or it is cut short). Export it again as .glb and open the new file.`,
      );
    }
    const response = new Response(Readable.toWeb(file.stream()) as ReadableStream);
    return this.#store(response, name, 'glb');
  }

  /**
   * STL, OBJ, FBX, 3MF, USDZ: copied as they are, in their format (the viewer's three.js loaders
   * read them, and say so when a file is not what its name says). Only an empty file is refused
   * here: there is no header all of them share to check.
   */
  async #copyOther(file: ServedFile, name: string, ext: ModelExtension): Promise<Stored> {
    if (file.size === 0)
      throw invalid(`“${name}” is empty. Export it again and open the new file.`);
    const response = new Response(Readable.toWeb(file.stream()) as ReadableStream);
    return this.#store(response, name, ext);
  }

  async #packGltf(file: ServedFile, dir: string, name: string, max: number): Promise<Stored> {
    if (file.size > MAX_GLTF_JSON_BYTES) throw invalid(`“${name}” is too large to open.`);
    const text = new TextDecoder().decode(await file.bytes());
    let json: {
      asset?: { version?: unknown };
      buffers?: Array<{ uri?: unknown }>;
      images?: Array<{ uri?: unknown }>;
    };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      throw invalid(`“${name}” is not valid glTF: its JSON cannot be read.`);
    }
    if (typeof json.asset?.version !== 'string' || !json.asset.version.startsWith('2.')) {
      throw invalid(`“${name}” is not a glTF 2.0 file. Export it again as glTF 2.0.`);
    }
    // Its buffers and pictures must sit beside it (or inside it): never a path elsewhere on disk.
    const opened = new Map<string, ServedFile>();
    try {
      let total = 0;
      for (const entry of [...(json.buffers ?? []), ...(json.images ?? [])]) {
        const uri = entry.uri;
        if (uri === undefined || (typeof uri === 'string' && uri.startsWith('data:'))) continue;
        const resource = typeof uri === 'string' ? resourcePath(dir, uri) : undefined;
        if (!resource) {
          throw invalid(
            `“${name}” refers to a file outside its folder (${String(uri)}). Kiln opens glTF files whose buffers and textures sit beside them.`,
          );
        }
        if (opened.has(uri as string)) continue;
        const part = await openConfinedFile(dir, resource);
        if (!part) {
          const exists = await stat(resource).then(
            () => true,
            () => false,
          );
          throw invalid(
            exists
              ? `“${name}” refers to a file outside its folder (${String(uri)}): a link leading elsewhere. Kiln opens glTF files whose buffers and textures sit beside them.`
              : `“${name}” needs “${safeDecode(uri as string) ?? String(uri)}”, which is not beside it. Put the file back, or export as .glb.`,
          );
        }
        opened.set(uri as string, part);
        total += part.size;
      }
      if (total > max) {
        throw invalid(
          `“${name}” and its files are ${formatBytes(total)}, more than Kiln opens (${formatBytes(max)}).`,
        );
      }
      // Every byte comes from the handles checked above; glTF-Transform never reads a path.
      const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
      for (const [uri, part] of opened) resources[uri] = await part.bytes();
      let glb: Uint8Array;
      try {
        const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
        glb = await io.writeBinary(await io.readJSON({ json: json as never, resources }));
      } catch (error) {
        throw invalid(`Kiln could not read “${name}”: ${(error as Error).message}`);
      }
      return await this.#store(new Response(new Uint8Array(glb)), name, 'glb');
    } finally {
      await Promise.all([...opened.values()].map((f) => f.close()));
    }
  }

  /** Streams into the scratch folder, then renames into the cache under the content's hash. */
  async #store(response: Response, name: string, ext: ModelExtension): Promise<Stored> {
    const { paths } = this.#o;
    await mkdir(paths.temp, { recursive: true });
    await mkdir(paths.cache, { recursive: true });
    const temp = path.join(paths.temp, `${randomUUID()}.partial`);
    try {
      const { bytes, sha256 } = await streamToFile(response, temp, {
        maxBytes: this.#o.maxBytes ?? MAX_MODEL_BYTES,
        clock: this.#o.clock,
        what: `“${name}”`,
        signal: this.#work.signal,
      });
      const file = `${sha256}.${ext}`;
      await rename(temp, path.join(paths.cache, file));
      return { file, bytes };
    } finally {
      await rm(temp, { force: true });
    }
  }

  #load(): Promise<Record<string, LocalModel>> {
    this.#index ??= readFile(this.#indexFile, 'utf8')
      .then(
        (text) => JSON.parse(text) as Record<string, LocalModel>,
        () => ({}),
      )
      .catch(() => ({}));
    return this.#index;
  }
}

interface Stored {
  readonly file: string;
  readonly bytes: number;
}

function invalid(message: string): KilnError {
  return new KilnError('invalid_file', message);
}

/**
 * The file a glTF's relative URI names inside `dir`, or undefined for anything that could lead
 * out of it on any OS: an absolute path (`/x`, `C:\x`, `C:/x`), a UNC or device path
 * (`\\server\share`, `//server/share`, `\\?\C:`), a drive-relative path (`C:x`), a URL of any
 * scheme, a backslash (a separator on Windows), a NUL, or `..` past the folder. Symlinks are the
 * opener's concern (it confines by real path). `p` is the platform's path module (tests pass
 * `path.win32` and `path.posix`).
 */
export function resourcePath(dir: string, uri: string, p: PlatformPath = path): string | undefined {
  const decoded = safeDecode(uri);
  if (!decoded || /[\\:]/.test(decoded) || decoded.startsWith('/')) return undefined;
  const normalized = path.posix.normalize(decoded);
  if (normalized === '..' || normalized.startsWith('../')) return undefined;
  const full = p.resolve(dir, ...normalized.split('/'));
  const rel = p.relative(dir, full);
  return rel && !rel.startsWith('..') && !p.isAbsolute(rel) ? full : undefined;
}

function safeDecode(uri: string): string | undefined {
  try {
    const decoded = decodeURIComponent(uri);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}
