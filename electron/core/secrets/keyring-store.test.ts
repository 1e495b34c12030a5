/**
 * The key store against the machine's real keychain. On Linux `npm test` runs inside
 * `dbus-run-session` with an unlocked gnome-keyring (tools/test.sh), so this exercises a real
 * Secret Service, not a fake.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyService } from './key-service';
import { KeyringSecretStore } from './keyring-store';

describe('KeyringSecretStore (real OS keychain)', () => {
  it('finds a secure store (run tests through `npm test`, which provides one on Linux)', async () => {
    expect(await KeyringSecretStore.available()).toBe(true);
  });

  it('stores, reads, replaces and removes a key', async () => {
    const account = `test-${randomUUID()}`;
    const store = new KeyringSecretStore(account, 'dev.kiln.test');
    expect(store.secure).toBe(true);
    expect(await store.get()).toBeUndefined();
    await store.set('sk-live-first');
    expect(await store.get()).toBe('sk-live-first');
    await store.set('sk-live-second');
    expect(await store.get()).toBe('sk-live-second');
    // A second handle on the same entry sees it: the value lives in the keychain, not in memory.
    const again = new KeyringSecretStore(account, 'dev.kiln.test');
    expect(await again.get()).toBe('sk-live-second');
    await again.delete();
    expect(await store.get()).toBeUndefined();
  });
});

describe('KeyService over the real keychain', () => {
  it('keeps the key in the keychain across restarts, and forgets it on removal', async () => {
    const account = `test-${randomUUID()}`;
    const open = () =>
      new KeyService({
        secrets: new KeyringSecretStore(account, 'dev.kiln.test'),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
        probe: async () => {},
        onChange: async () => {},
        mode: () => 'live',
      });
    const first = open();
    await first.load();
    expect(await first.set('sk-live-keychain-test-42')).toEqual({
      present: true,
      suffix: '…t-42',
      storage: 'keychain',
      mode: 'live',
    });
    // A restart: a new service reads it back from the keychain.
    const second = open();
    await second.load();
    expect(second.state()).toMatchObject({ present: true, storage: 'keychain' });
    expect(await second.key()).toBe('sk-live-keychain-test-42');
    await second.remove();
    const third = open();
    await third.load();
    expect(third.state()).toMatchObject({ present: false, storage: 'none' });
  });
});
