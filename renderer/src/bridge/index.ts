/**
 * How the page reaches the main process: Electron's preload exposes `window.kiln`; in the
 * browser host the page talks to the host over a WebSocket. Either way the app sees one `Bridge`.
 */
import { createBridge, type Bridge, type KilnApi } from '../../../shared/ipc/bridge';
import { createWsApi } from './ws-api';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser host. */
    kiln?: KilnApi;
  }
}

/** The bridge of this page's transport. */
export function connectBridge(): Bridge {
  return createBridge(window.kiln ?? createWsApi());
}
