import { LoaderUtils, type Camera, type Group, type Scene, type WebGLRenderer } from 'three';
import { collectTextures, disposeObject } from './dispose';
import { downloadWithProgress } from './download';
import { measureBounds, type ModelBounds } from './fit-camera';
import { getGltfLoaders } from './gltf-loaders';
import { ModelLoadError } from './load-error';
import { sniffModelFormat } from './model-format';
import { countModelStats, type ModelStats } from './model-stats';

/** The stages of opening a model, in order. */
export type LoadStage = 'download' | 'decode' | 'upload';

/** Progress of {@link loadModel}. `loaded`/`total` are bytes and only change while downloading. */
export interface LoadProgress {
  readonly stage: LoadStage;
  readonly loaded: number;
  readonly total: number | undefined;
}

/** A model ready to be added to the scene: parsed, textures on the GPU, shaders compiled. */
export interface LoadedModel {
  readonly root: Group;
  readonly stats: ModelStats;
  readonly bounds: ModelBounds;
}

/** What {@link loadModel} needs from the canvas to prepare the model before it is shown. */
export interface LoadModelOptions {
  readonly signal: AbortSignal;
  readonly renderer: WebGLRenderer;
  readonly camera: Camera;
  /** The scene the model will join; its lights and environment decide which shaders to compile. */
  readonly scene: Scene;
  readonly onProgress?: (progress: LoadProgress) => void;
}

function abortError(): DOMException {
  return new DOMException('The model load was superseded', 'AbortError');
}

/**
 * Downloads, decodes and prepares a GLB (or self-contained glTF) for display. Textures are
 * uploaded and shaders compiled before this resolves, so the first frame that shows the model
 * does not stall. Nothing it creates outlives an abort: if `signal` aborts at any point the
 * parsed model is disposed and the promise rejects with an AbortError.
 *
 * @throws ModelLoadError for download, format and GPU failures (see `describeLoadError`).
 */
export async function loadModel(url: string, options: LoadModelOptions): Promise<LoadedModel> {
  const { signal, renderer, camera, scene, onProgress } = options;
  const buffer = await downloadWithProgress(url, {
    signal,
    onProgress: ({ loaded, total }) => onProgress?.({ stage: 'download', loaded, total }),
  });
  if (signal.aborted) throw abortError();

  const format = sniffModelFormat(buffer);
  if (format === 'html') throw new ModelLoadError('web-page', `${url} is a web page`);
  if (format === 'unknown') throw new ModelLoadError('not-gltf', `${url} is not glTF`);

  onProgress?.({ stage: 'decode', loaded: buffer.byteLength, total: buffer.byteLength });
  let root: Group;
  try {
    const gltf = await getGltfLoaders().gltf.parseAsync(buffer, LoaderUtils.extractUrlBase(url));
    root = gltf.scene;
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new ModelLoadError('format', `Could not parse ${url}`, { cause: error });
  }
  if (signal.aborted) {
    disposeObject(root);
    throw abortError();
  }

  onProgress?.({ stage: 'upload', loaded: buffer.byteLength, total: buffer.byteLength });
  try {
    for (const texture of collectTextures(root)) renderer.initTexture(texture);
    await renderer.compileAsync(root, camera, scene);
  } catch (error) {
    disposeObject(root);
    if (signal.aborted) throw abortError();
    throw new ModelLoadError('gpu', `Could not prepare ${url} for display`, { cause: error });
  }
  if (signal.aborted) {
    disposeObject(root);
    throw abortError();
  }

  return { root, stats: countModelStats(root), bounds: measureBounds(root) };
}
