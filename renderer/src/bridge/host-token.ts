/**
 * The browser host's start token, as the page keeps it. The host prints an address whose fragment
 * carries the token (`#token=…`). The page takes it once, at start, removes it from the address
 * bar and history with `history.replaceState`, and keeps it only in this tab's `sessionStorage`
 * so that a reload of the tab keeps working.
 *
 * Why `sessionStorage`: it belongs to this exact origin (scheme, host and port — no page of another
 * port can read it) and to this tab alone (another tab, even of Kiln, starts without it), it is
 * never sent to any server, and it ends with the tab. The token it keeps is the one the host
 * printed in the terminal, valid while that host runs: it opens nothing the address itself does
 * not. A tab opened without the address asks for it instead.
 */
import { TOKEN_FRAGMENT } from '../../../shared/ipc/host-auth';

/** The `sessionStorage` entry of the token. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key, never shown
export const TOKEN_STORAGE_KEY = 'kiln.hostToken';

/** What {@link takeHostToken} needs of the window (tests pass stand-ins). */
export type TokenWindow = Readonly<{
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}>;

/**
 * The start token: taken from the address (and removed from it) or, after a reload, from this
 * tab's storage; undefined when the page was opened without it.
 */
export function takeHostToken(win: TokenWindow): string | undefined {
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const fromAddress = fragment.get(TOKEN_FRAGMENT);
  if (fromAddress) {
    fragment.delete(TOKEN_FRAGMENT);
    const rest = fragment.toString();
    win.history.replaceState(
      win.history.state,
      '',
      `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`,
    );
    try {
      win.sessionStorage?.setItem(TOKEN_STORAGE_KEY, fromAddress);
    } catch {
      // Storage refused (a private mode): this load works, a reload will ask for the address.
    }
    return fromAddress;
  }
  try {
    return win.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
