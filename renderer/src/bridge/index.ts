/**
 * How the page reaches the main process: Electron's preload exposes `window.kiln`; in the
 * browser host the page talks to the host over a WebSocket. Either way the app sees one `Bridge`.
 */
import { localizeError } from '../ui/error-words';
import { createBridge, type Bridge, type KilnApi } from '../../../shared/ipc/bridge';
import { TOKEN_FRAGMENT } from '../../../shared/ipc/host-auth';
import { takeHostToken } from './host-token';
import { createWsApi } from './ws-api';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser host. */
    kiln?: KilnApi;
  }
}

/**
 * True in Electron, whose main process shows the native menus of text fields; the browser host's
 * page draws its own (`ui/TextFieldMenu.tsx`).
 */
export function inElectron(): boolean {
  return window.kiln !== undefined;
}

/** The bridge of this page's transport. */
export function connectBridge(): Bridge {
  if (window.kiln) return createBridge(window.kiln, localizeError);
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  const win = { location: window.location, history: window.history, sessionStorage: storage };
  const token = takeHostToken(win);
  // The address pasted again into this tab only changes its fragment: take the token out of the
  // address bar again, and connect anew with it (a restarted host has a new one).
  window.addEventListener('hashchange', () => {
    if (window.location.hash.includes(`${TOKEN_FRAGMENT}=`)) {
      takeHostToken(win);
      window.location.reload();
    }
  });
  return createBridge(createWsApi(token), localizeError);
}
