import {
  LoaderUtils,
  LoadingManager,
  type AnimationClip,
  type Camera,
  type Group,
  type Scene,
  type WebGLRenderer,
} from 'three';
import { collectTextures, disposeObject } from './dispose';
import { downloadWithProgress } from './download';
import { resourceName } from '../sources/dropped-files';
import { measureBounds, type ModelBounds } from '../camera/fit-camera';
import { gltfLoaderFor } from './gltf-loaders';
import { ModelLoadError } from './load-error';
import { inspectModel, type ModelInspection } from '../inspect/model-inspection';
import { legacyGltfVersion, sniffModelFormat } from './model-format';
import { otherFormatOf, parseOtherFormat } from './other-formats';
import { uploadTexture } from './texture-upload';
import { yieldToBrowser } from './yield-to-browser';

/** The stages of opening a model, in order. */
export type LoadStage = 'download' | 'decode' | 'upload';

/** Progress of {@link loadModel}. `loaded`/`total` are bytes and only change while downloading. */
export interface LoadProgress {
  readonly stage: LoadStage;
  readonly loaded: number;
  readonly total: number | undefined;
}

/** A model downloaded and parsed, not yet on the GPU: what {@link prepareModel} makes. */
export interface PreparedModel {
  readonly root: Group;
  readonly clips: readonly AnimationClip[];
  /** Where it came from, for error messages. */
  readonly url: string;
  /** Size of the downloaded file. */
  readonly bytes: number;
}

/** A model ready to be added to the scene: parsed, textures on the GPU, shaders compiled. */
export interface LoadedModel {
  readonly root: Group;
  readonly stats: ModelInspection;
  /** Bounds in the model's own units (metres, for glTF), before the viewer places it. */
  readonly bounds: ModelBounds;
  readonly clips: readonly AnimationClip[];
}

/** What {@link prepareModel} needs: no canvas, so it can start before the viewer's is ready. */
export interface PrepareModelOptions {
  readonly signal: AbortSignal;
  /** URLs of files a `.gltf` references, by file name (a dropped glTF and its `.bin`/textures). */
  readonly resources?: ReadonlyMap<string, string>;
  /** The model's name or file name, for error sentences that name it. */
  readonly name?: string;
  readonly onProgress?: (progress: LoadProgress) => void;
}

/** What {@link finishModel} needs from the canvas to prepare the model before it is shown. */
export interface FinishModelOptions {
  readonly signal: AbortSignal;
  readonly renderer: WebGLRenderer;
  readonly camera: Camera;
  /** The scene the model will join; its lights and environment decide which shaders to compile. */
  readonly scene: Scene;
  readonly onProgress?: (progress: LoadProgress) => void;
}

function abortError(): DOMException {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a log's detail; the viewer shows describeLoadError's sentence
  return new DOMException('The model load was superseded', 'AbortError');
}

/**
 * The first half of opening a model, which needs no canvas: downloads the GLB (or glTF) and
 * parses it. Images are decoded by the browser off the main thread (GLTFLoader uses
 * `createImageBitmap`), Draco and meshopt in workers. If `signal` aborts, whatever was parsed is
 * disposed and the promise rejects with an AbortError.
 *
 * @throws ModelLoadError for download and format failures (see `describeLoadError`).
 */
export async function prepareModel(
  url: string,
  options: PrepareModelOptions,
): Promise<PreparedModel> {
  const { signal, onProgress, resources, name } = options;
  const buffer = await downloadWithProgress(url, {
    signal,
    onProgress: ({ loaded, total }) => onProgress?.({ stage: 'download', loaded, total }),
  });
  if (signal.aborted) throw abortError();

  const format = sniffModelFormat(buffer);
  if (format === 'html') throw new ModelLoadError('web-page', `${url} is a web page`);
  // The name a drop gives, else the URL: a file opened from the desktop is cached in its format.
  const other = format === 'unknown' ? (otherFormatOf(name) ?? otherFormatOf(url)) : undefined;
  if (other) {
    onProgress?.({ stage: 'decode', loaded: buffer.byteLength, total: buffer.byteLength });
    let parsed;
    try {
      parsed = await parseOtherFormat(other, buffer, LoaderUtils.extractUrlBase(url));
    } catch (error) {
      if (signal.aborted) throw abortError();

      throw new ModelLoadError('format', `Could not parse ${url} as ${other}`, { cause: error });
    }
    if (signal.aborted) {
      disposeObject(parsed.root);
      throw abortError();
    }
    return { ...parsed, url, bytes: buffer.byteLength };
  }

  if (format === 'unknown') throw new ModelLoadError('not-gltf', `${url} is not glTF`);

  const legacy = (version: string | undefined, cause?: unknown) =>
    new ModelLoadError('legacy', `${url} is glTF ${version}`, {
      ...(version !== undefined ? { version } : {}),
      ...(name !== undefined ? { file: name } : {}),
      cause,
    });
  // A binary glTF 1.0 says so in its header: no need to hand it to the parser.
  const binaryVersion = format === 'glb' ? legacyGltfVersion(buffer, format) : undefined;
  if (binaryVersion) throw legacy(binaryVersion);

  onProgress?.({ stage: 'decode', loaded: buffer.byteLength, total: buffer.byteLength });
  let manager: LoadingManager | undefined;
  if (resources && resources.size > 0) {
    manager = new LoadingManager();
    manager.setURLModifier((ref) => resources.get(resourceName(ref)) ?? ref);
  }
  let root: Group;
  let clips: AnimationClip[];
  try {
    const gltf = await gltfLoaderFor(manager).parseAsync(buffer, LoaderUtils.extractUrlBase(url));
    root = gltf.scene;
    clips = gltf.animations;
  } catch (error) {
    if (signal.aborted) throw abortError();
    const version = legacyGltfVersion(buffer, format);
    if (version) throw legacy(version, error);

    throw new ModelLoadError('format', `Could not parse ${url}`, { cause: error });
  }
  if (signal.aborted) {
    disposeObject(root);
    throw abortError();
  }
  return { root, clips, url, bytes: buffer.byteLength };
}

/**
 * The second half of opening a model, on the canvas: textures are uploaded one at a time,
 * yielding in between, and shaders compiled (in parallel where the driver can) before this
 * resolves, so the first frame that shows the model does not stall. Takes ownership of
 * `prepared`: on an abort or a failure it is disposed, and the promise rejects (AbortError when
 * aborted).
 *
 * @throws ModelLoadError (`gpu`) when the model cannot be prepared for display.
 */
export async function finishModel(
  prepared: PreparedModel,
  options: FinishModelOptions,
): Promise<LoadedModel> {
  const { signal, renderer, camera, scene, onProgress } = options;
  const { root, clips, url, bytes } = prepared;
  if (signal.aborted) {
    disposeObject(root);
    throw abortError();
  }
  onProgress?.({ stage: 'upload', loaded: bytes, total: bytes });
  try {
    for (const texture of collectTextures(root)) {
      await uploadTexture(renderer, texture, signal);
      await yieldToBrowser();
      if (signal.aborted) break;
    }
    if (!signal.aborted) await renderer.compileAsync(root, camera, scene);
  } catch (error) {
    disposeObject(root);
    if (signal.aborted) throw abortError();

    throw new ModelLoadError('gpu', `Could not prepare ${url} for display`, { cause: error });
  }
  if (signal.aborted) {
    disposeObject(root);
    throw abortError();
  }

  return { root, stats: inspectModel(root), bounds: measureBounds(root), clips };
}
