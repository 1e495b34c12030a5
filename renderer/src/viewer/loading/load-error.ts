import { t } from '@lingui/core/macro';

/** What went wrong while opening a model, in terms a user can act on. */
export type ModelLoadErrorKind =
  | 'http' // the server answered with an error status
  | 'network' // the request never got an answer
  | 'empty' // the answer had no bytes
  | 'web-page' // a web page came back instead of the file (typically a server's 404 page)
  | 'not-gltf' // the bytes are some other kind of file
  | 'format' // glTF that three could not read
  | 'legacy' // glTF 1.0 (or older), which three (and so Kiln) does not read
  | 'gpu'; // the model parsed but could not be prepared for display

/** An error from the viewer's loading pipeline, tagged so the UI can explain it. */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  readonly kind: ModelLoadErrorKind;
  /** HTTP status, for `kind: 'http'`. */
  readonly status: number | undefined;
  /** The glTF version the file declares, for `kind: 'legacy'` ("1.0"). */
  readonly version: string | undefined;
  /** The model's file name, when the user opened a file ("chair.gltf"). */
  readonly file: string | undefined;

  constructor(
    kind: ModelLoadErrorKind,
    message: string,
    options?: { status?: number; cause?: unknown; version?: string; file?: string },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.status = options?.status;
    this.version = options?.version;
    this.file = options?.file;
  }
}

/** True for the rejection of an aborted fetch or of a load we abandoned on purpose. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}

const MAX_DETAIL = 160;

function detailOf(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // three prefixes its messages with the class name; users do not need it.
  const text = raw.replace(/^THREE\.\w+:\s*/, '').trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

/**
 * The part of the viewer's error sentence after "Could not open this model: ": what happened
 * and what to do, never a bare status code.
 */
export function describeLoadError(error: unknown): string {
  if (error instanceof ModelLoadError) {
    switch (error.kind) {
      case 'http':
        if (error.status === 404 || error.status === 410) {
          return t`the file is no longer available. Refresh the library and open the model again.`;
        }
        if (error.status === 401 || error.status === 403) {
          return t`access to the file was refused. Check your API key in Settings, then try again.`;
        }
        return t`the server could not send the file. Try again in a moment.`;
      case 'network':
        return t`the download did not finish. Check your connection and try again.`;
      case 'empty':
        return t`the file is empty. Export or download the model again.`;
      case 'web-page':
        return t`the server sent a web page instead of the model file. Refresh the library and open the model again.`;
      case 'not-gltf':
        return t`the file is not a GLB model. Export or download it again as GLB.`;
      case 'legacy':
        return legacyAdvice(error.version ?? '1.0', error.file);
      case 'format': {
        const detail = detailOf(error.cause ?? error);
        return detail
          ? t`the file is not a readable GLB model (${detail}). Export or download it again.`
          : t`the file is not a readable GLB model. Export or download it again.`;
      }
      case 'gpu': {
        const detail = detailOf(error.cause ?? error);
        return detail
          ? t`the graphics driver could not prepare it (${detail}). Close other 3D apps and try again.`
          : t`the graphics driver could not prepare it. Close other 3D apps and try again.`;
      }
    }
  }
  const detail = detailOf(error);
  return detail
    ? t`something unexpected happened (${detail}). Try opening it again.`
    : t`something unexpected happened. Try opening it again.`;
}

/** The file names of the gltf-pipeline command (not words: the artist's file, or a placeholder). */
const DEFAULT_INPUT_FILE = 'model.gltf';
const OUTPUT_FILE_SUFFIX = 'gltf2.glb';

/**
 * glTF 1.0 (2015–2017) predates the glTF 2.0 that three.js, Blender's importer and every current
 * tool read. Cesium's gltf-pipeline upgrades 1.0 files (and binary 1.0, KHR_binary_glTF) to 2.0
 * on the user's own machine; the command is spelled out with their file's name.
 */
function legacyAdvice(version: string, file: string | undefined): string {
  const inputFile = file && /\.(gltf|glb)$/i.test(file) ? file : DEFAULT_INPUT_FILE;
  const outputFile = [inputFile.replace(/\.(gltf|glb)$/i, ''), OUTPUT_FILE_SUFFIX].join('-');
  const quote = (name: string) => (/\s/.test(name) ? `"${name}"` : name);
  const input = quote(inputFile);
  const output = quote(outputFile);
  return t`it is a glTF ${version} file, an older format that Kiln does not read (Kiln reads glTF 2.0). Convert it on your computer with the free gltf-pipeline tool (Node.js: npm install -g gltf-pipeline), then run: gltf-pipeline -i ${input} -o ${output} and open ${output}.`;
}

/** The full sentence shown in the viewer and passed to `onError`. */
export function loadErrorSentence(error: unknown): string {
  const reason = describeLoadError(error);
  return t`Could not open this model: ${reason}`;
}
