/**
 * What the renderer can call: `KilnApi` is the raw surface a transport exposes (the preload's
 * `window.kiln`, or the browser host's WebSocket client); `Bridge` is the typed, throwing wrapper
 * the renderer uses.
 */
import { PAGE_CHANNELS, type EventName, type PageChannel } from './channels';
import type { EventPayload, FileRef, Input, Output, StagedFile } from './contract';
import { KilnError, type IpcResult } from './errors';

/**
 * The raw surface a transport exposes: one function per page channel, events, and file staging.
 * Channels that name a path on disk are not part of it: a file reaches the main process only
 * through {@link KilnApi.stageFile}.
 */
export type KilnApi = {
  [C in PageChannel]: (input: Input<C>) => Promise<IpcResult<Output<C>>>;
} & {
  /** Subscribes to a contract event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * Hands a user-chosen file to the main process without copying its bytes through IPC:
   * Electron passes its path (`webUtils.getPathForFile`), the browser host streams it over HTTP.
   */
  stageFile(file: File): Promise<IpcResult<StagedFile>>;
  /**
   * Drags a finished result out of the window as a real file (Electron's `startDrag`; call it from
   * `dragstart`). Absent in the browser host, where the page sets a `DownloadURL` instead.
   */
  startDrag?(ref: FileRef): void;
};

/** The renderer's typed client: resolves with the output or rejects with a {@link KilnError}. */
export type Bridge = { [C in PageChannel]: (input: Input<C>) => Promise<Output<C>> } & {
  on: KilnApi['on'];
  stageFile(file: File): Promise<StagedFile>;
  startDrag?: KilnApi['startDrag'];
};

/** Wraps a transport's raw surface into the renderer's {@link Bridge}. */
export function createBridge(
  api: KilnApi,
  /** Puts an error's sentence into the artist's language (the renderer's error words). */
  localize: (error: KilnError) => KilnError = (error) => error,
): Bridge {
  const unwrap = async <T>(result: Promise<IpcResult<T>>): Promise<T> => {
    const r = await result;
    if (r.ok) return r.value;
    throw localize(KilnError.fromIpc(r.error));
  };
  const calls = Object.fromEntries(
    PAGE_CHANNELS.map((c) => [
      c,
      (input: unknown) => unwrap((api[c] as (i: unknown) => Promise<IpcResult<unknown>>)(input)),
    ]),
  ) as { [C in PageChannel]: (input: Input<C>) => Promise<Output<C>> };
  return {
    ...calls,
    on: (event, listener) => api.on(event, listener),
    stageFile: (file) => unwrap(api.stageFile(file)),
    ...(api.startDrag ? { startDrag: (ref: FileRef) => api.startDrag?.(ref) } : {}),
  };
}
