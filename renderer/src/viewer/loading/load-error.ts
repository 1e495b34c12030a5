/** What went wrong while opening a model, in terms a user can act on. */
export type ModelLoadErrorKind =
  | 'http' // the server answered with an error status
  | 'network' // the request never got an answer
  | 'empty' // the answer had no bytes
  | 'web-page' // a web page came back instead of the file (typically a server's 404 page)
  | 'not-gltf' // the bytes are some other kind of file
  | 'format' // glTF that three could not read
  | 'gpu'; // the model parsed but could not be prepared for display

/** An error from the viewer's loading pipeline, tagged so the UI can explain it. */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  readonly kind: ModelLoadErrorKind;
  /** HTTP status, for `kind: 'http'`. */
  readonly status: number | undefined;

  constructor(
    kind: ModelLoadErrorKind,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.status = options?.status;
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
          return 'the file is no longer available. Refresh the library and open the model again.';
        }
        if (error.status === 401 || error.status === 403) {
          return 'access to the file was refused. Check your API key in Settings, then try again.';
        }
        return 'the server could not send the file. Try again in a moment.';
      case 'network':
        return 'the download did not finish. Check your connection and try again.';
      case 'empty':
        return 'the file is empty. Export or download the model again.';
      case 'web-page':
        return 'the server sent a web page instead of the model file. Refresh the library and open the model again.';
      case 'not-gltf':
        return 'the file is not a GLB model. Export or download it again as GLB.';
      case 'format': {
        const detail = detailOf(error.cause ?? error);
        return `the file is not a readable GLB model${detail ? ` (${detail})` : ''}. Export or download it again.`;
      }
      case 'gpu': {
        const detail = detailOf(error.cause ?? error);
        return `the graphics driver could not prepare it${detail ? ` (${detail})` : ''}. Close other 3D apps and try again.`;
      }
    }
  }
  const detail = detailOf(error);
  return `something unexpected happened${detail ? ` (${detail})` : ''}. Try opening it again.`;
}

/** The full sentence shown in the viewer and passed to `onError`. */
export function loadErrorSentence(error: unknown): string {
  return `Could not open this model: ${describeLoadError(error)}`;
}
