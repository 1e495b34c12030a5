/**
 * Every model file format Kiln opens, once: glTF, and every format it exports (STL, OBJ, FBX,
 * 3MF, USDZ). The viewer's loaders, the desktop's File → Open and launch arguments, the cache's
 * file names and content types, the saved results Activity previews and the installers' file
 * associations (electron-builder.yml, checked against this list by a test) all derive from it.
 */

/** One format Kiln opens. */
export interface ModelFormat {
  /** The file extension, lower case, without the dot. */
  readonly ext: string;
  /** What the OS calls a file of it (file associations, dialogs). */
  readonly name: string;
  /** Its media type (served from the cache, dragged out to other apps). */
  readonly mime: string;
}

/** The formats, glTF first (what the service delivers), then the export formats. */
export const MODEL_FORMATS = [
  { ext: 'glb', name: 'glTF Binary model', mime: 'model/gltf-binary' },
  { ext: 'gltf', name: 'glTF model', mime: 'model/gltf+json' },
  { ext: 'stl', name: 'STL model', mime: 'model/stl' },
  { ext: 'obj', name: 'Wavefront OBJ model', mime: 'model/obj' },
  { ext: 'fbx', name: 'FBX model', mime: 'application/octet-stream' },
  { ext: '3mf', name: '3MF print file', mime: 'model/3mf' },
  { ext: 'usdz', name: 'USDZ model', mime: 'model/vnd.usdz+zip' },
] as const satisfies readonly ModelFormat[];

/** An extension Kiln opens. */
export type ModelExtension = (typeof MODEL_FORMATS)[number]['ext'];

/** The extensions Kiln opens, for file pickers and sentences (".glb, .gltf, .stl, …"). */
export const MODEL_EXTENSIONS: readonly ModelExtension[] = MODEL_FORMATS.map((f) => f.ext);

/**
 * The format a file name or URL path says, lower case, when Kiln opens it.
 * @example modelExtensionOf('C:\\prints\\Cup.STL') // 'stl'
 */
export function modelExtensionOf(name: string | undefined): ModelExtension | undefined {
  const ext = name
    ?.replace(/[?#].*$/, '')
    .match(/\.([a-z0-9]+)$/i)?.[1]
    ?.toLowerCase();
  return MODEL_EXTENSIONS.find((e) => e === ext);
}
