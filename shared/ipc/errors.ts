/**
 * Errors as they cross IPC. Electron keeps only `message` of a thrown error, so nothing is thrown
 * across the boundary: handlers throw {@link KilnError}s, `dispatch` turns them into
 * {@link IpcError} values, and the renderer's bridge turns those back into {@link KilnError}s.
 */
/**
 * The serialisable error every failed IPC call returns. A plain interface (no schema): the
 * renderer's entry imports this module through the bridge, and it must not pull in zod.
 */
export interface IpcError {
  /** Stable code: a service code (`insufficient_balance`) or a Kiln one (`invalid_input`). */
  code: string;
  /** A sentence for the user: what happened and what to do. */
  message: string;
  /** The input field the error is about, when there is one. */
  field?: string;
  /** Seconds to wait before trying again, when known. */
  retryAfter?: number;
}

/** The value every IPC call resolves to. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** An error with a stable code and a message meant for the user. */
export class KilnError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  /**
   * The English sentence the core (or the service) wrote, kept when `message` was put into the
   * artist's language from `code` (the renderer's error words): exact detail, never guessed.
   */
  readonly detail: string | undefined;

  constructor(
    code: string,
    message: string,
    extra: Readonly<{ field?: string; retryAfter?: number; cause?: unknown; detail?: string }> = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'KilnError';
    this.code = code;
    this.field = extra.field;
    this.retryAfter = extra.retryAfter;
    this.detail = extra.detail;
  }

  /** The IPC form of this error. */
  toIpc(): IpcError {
    const out: IpcError = { code: this.code, message: this.message };
    if (this.field !== undefined) out.field = this.field;
    if (this.retryAfter !== undefined) out.retryAfter = this.retryAfter;
    return out;
  }

  /** Rebuilds an error received over IPC. */
  static fromIpc(error: IpcError): KilnError {
    return new KilnError(error.code, error.message, error);
  }
}
