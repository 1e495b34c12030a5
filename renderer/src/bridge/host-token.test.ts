/**
 * The page takes the browser host's start token from the address once, removes it from the
 * address bar, and finds it again after a reload of the same tab only.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeHostToken, type TokenWindow } from './host-token';

function tab(hash: string, stored?: string) {
  const storage = new Map<string, string>(stored ? [[TOKEN_STORAGE_KEY, stored]] : []);
  const replaced: string[] = [];
  const win: TokenWindow = {
    location: { hash, pathname: '/', search: '' },
    history: { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) },
    sessionStorage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
    },
  };
  return { win, storage, replaced };
}

describe('takeHostToken', () => {
  it('takes the token from the fragment, clears the address and keeps it for this tab', () => {
    const { win, storage, replaced } = tab('#token=abc123&view=1');
    expect(takeHostToken(win)).toBe('abc123');
    expect(replaced).toEqual(['/#view=1']);
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('abc123');
  });

  it('after a reload, finds it in this tab; a tab opened without it has none', () => {
    const reloaded = tab('', 'abc123');
    expect(takeHostToken(reloaded.win)).toBe('abc123');
    expect(reloaded.replaced).toEqual([]);
    expect(takeHostToken(tab('').win)).toBeUndefined();
  });

  it('still works for this load when storage is refused', () => {
    const { win } = tab('#token=abc123');
    const refusing: TokenWindow = {
      ...win,
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
    };
    expect(takeHostToken(refusing)).toBe('abc123');
    expect(takeHostToken({ ...refusing, location: { ...win.location, hash: '' } })).toBeUndefined();
  });
});
