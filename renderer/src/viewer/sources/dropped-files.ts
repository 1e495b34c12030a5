import { t } from '@lingui/core/macro';
import { MODEL_EXTENSIONS, otherFormatOf } from '../loading/other-formats';

/** A model the user dropped or chose: the main glTF file and the files it may reference. */
export interface DroppedModel {
  readonly main: File;
  /** Companion files (`.bin`, textures) by file name, for a `.gltf` that references them. */
  readonly resources: ReadonlyMap<string, File>;
}

const MODEL = new RegExp(`\\.(${MODEL_EXTENSIONS.join('|')})$`, 'i');

/** The formats the viewer opens, as a sentence lists them. */
export const DROP_FORMATS = MODEL_EXTENSIONS.map((e) => `.${e}`).join(', ');

/**
 * Picks the model out of dropped files: the first `.glb`, else the first `.gltf` (with the other
 * files as its resources). Returns a sentence for the user when there is none.
 */
export function pickDroppedModel(files: readonly File[]): DroppedModel | { error: string } {
  const main =
    files.find((f) => /\.glb$/i.test(f.name)) ??
    files.find((f) => /\.gltf$/i.test(f.name)) ??
    files.find((f) => otherFormatOf(f.name) !== undefined);
  if (!main) {
    const names = files.map((f) => f.name).slice(0, 3);
    const got = names.join(', ') + (files.length > 3 ? ', …' : '');
    const formats = DROP_FORMATS;
    return {
      error: names.length
        ? t`Drop a model file to inspect it: ${formats} (got ${got}).`
        : t`Drop a model file to inspect it: ${formats}.`,
    };
  }
  const resources = new Map<string, File>();
  for (const file of files) {
    if (file !== main && !MODEL.test(file.name)) resources.set(file.name, file);
  }
  return { main, resources };
}

/** A photo's file name or type: what the viewer passes on to Create instead of opening. */
const PHOTO = /\.(jpe?g|png|webp)$/i;

/**
 * The photos among dropped files (by name or type; Create checks their bytes), for a drop that
 * holds no model: the artist means to make a model from them.
 */
export function pickDroppedPhotos(files: readonly File[]): File[] {
  return files.filter((f) => PHOTO.test(f.name) || /^image\//.test(f.type));
}

/**
 * Where a model comes from: a URL the app gave the viewer, or a local file turned into blob URLs.
 * `key` tells loads apart (the same URL opened twice is one load).
 */
export interface ModelSource {
  readonly key: string;
  readonly url: string;
  readonly name: string;
  /** Blob URLs of companion files by name; the loader resolves references through it. */
  readonly resources?: ReadonlyMap<string, string>;
  /** True for a file the user dropped or chose. */
  readonly local: boolean;
}

/** Blob URLs for a dropped model; `revoke` frees them when the model is closed. */
export function localSource(
  model: DroppedModel,
  createUrl: (blob: Blob) => string = (b) => URL.createObjectURL(b),
  revokeUrl: (url: string) => void = (u) => URL.revokeObjectURL(u),
): { source: ModelSource; revoke: () => void } {
  const url = createUrl(model.main);
  const resources = new Map<string, string>();
  for (const [name, file] of model.resources) resources.set(name, createUrl(file));
  const source: ModelSource = { key: url, url, name: model.main.name, resources, local: true };
  return {
    source,
    revoke: () => {
      revokeUrl(url);
      for (const u of resources.values()) revokeUrl(u);
    },
  };
}

/** The file name a (possibly blob-based, possibly encoded) resource URL ends with. */
export function resourceName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
