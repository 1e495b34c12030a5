/**
 * The key store against the machine's real keychain. On Linux `npm test` runs inside
 * `dbus-run-session` with an unlocked gnome-keyring (tools/test.sh), so this exercises a real
 * Secret Service, not a fake; on macOS and Windows the user's own Keychain and Credential
 * Manager. Every entry is made under a service name of this run only, and whatever is left under
 * it (a test that failed half-way) is deleted at the end.
 */
import { randomUUID } from 'node:crypto';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { afterAll, describe, expect, it } from 'vitest';
import type { KeyIndex } from '../settings/settings-service';
import { KeyService } from './key-service';
import { KeyringSecretStore } from './keyring-store';

/** A throwaway keychain service name: this run's entries only. */
const SERVICE = `dev.kiln.test.${randomUUID()}`;

afterAll(async () => {
  for (const { account } of await findCredentialsAsync(SERVICE)) {
    await new KeyringSecretStore(account, SERVICE).delete();
  }
  expect(await findCredentialsAsync(SERVICE)).toEqual([]);
});

describe('KeyringSecretStore (real OS keychain)', () => {
  it('finds a secure store (run tests through `npm test`, which provides one on Linux)', async () => {
    expect(await KeyringSecretStore.available()).toBe(true);
  });

  it('stores, reads, replaces and removes a key', async () => {
    const account = `test-${randomUUID()}`;
    const store = new KeyringSecretStore(account, SERVICE);
    expect(store.secure).toBe(true);
    expect(await store.get()).toBeUndefined();
    await store.set('sk-live-first');
    expect(await store.get()).toBe('sk-live-first');
    await store.set('sk-live-second');
    expect(await store.get()).toBe('sk-live-second');
    // A second handle on the same entry sees it: the value lives in the keychain, not in memory.
    const again = new KeyringSecretStore(account, SERVICE);
    expect(await again.get()).toBe('sk-live-second');
    await again.delete();
    expect(await store.get()).toBeUndefined();
  });
});

const BINDING = { origin: 'https://api.example.test', platform: 'https://platform.example.test' };

describe('KeyService over the real keychain', () => {
  it('keeps the key in the keychain across restarts, and forgets it on removal', async () => {
    const account = `test-${randomUUID()}`;
    const open = () =>
      new KeyService({
        secrets: new KeyringSecretStore(account, SERVICE),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
        probe: async () => {},
        onChange: async () => {},
        mode: () => 'live',
        binding: () => BINDING,
      });
    const first = open();
    await first.load();
    expect(await first.set('sk-live-keychain-test-42')).toMatchObject({
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

describe('named keys over the real keychain', () => {
  it('keeps each named key in its own entry, and only names and suffixes in the index', async () => {
    const account = `test-${randomUUID()}`;
    let index: KeyIndex = { keys: [] };
    const saved = { get: () => index, set: async (next: KeyIndex) => void (index = next) };
    const open = () =>
      new KeyService({
        secrets: new KeyringSecretStore(account, SERVICE),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
        probe: async () => {},
        onChange: async () => {},
        mode: () => 'live',
        binding: () => BINDING,
        index: saved,
      });
    const first = open();
    await first.load();
    const a = await first.set('sk-live-project-a-1111', { name: 'Project A' });
    const b = await first.set('sk-live-project-b-2222', { name: 'Project B' });
    expect(b.keys?.map((k) => [k.name, k.storage, k.active])).toEqual([
      ['Project A', 'keychain', false],
      ['Project B', 'keychain', true],
    ]);
    // Each secret sits in its own keychain entry.
    const store = new KeyringSecretStore(account, SERVICE);
    expect(await store.named(a.activeId!).get()).toBe('sk-live-project-a-1111');
    expect(await store.named(b.activeId!).get()).toBe('sk-live-project-b-2222');
    expect(JSON.stringify(index)).not.toMatch(/project-[ab]/);

    // A restart reads both back and keeps B active; switching and replacing reach the keychain.
    const second = open();
    await second.load();
    expect(await second.key()).toBe('sk-live-project-b-2222');
    await second.activate(a.activeId!);
    await second.set('sk-live-project-a-3333', { id: a.activeId! });
    expect(await store.named(a.activeId!).get()).toBe('sk-live-project-a-3333');
    const third = open();
    await third.load();
    expect(await third.key()).toBe('sk-live-project-a-3333');
    await third.remove(a.activeId!);
    await third.remove(b.activeId!);
    expect(await store.named(a.activeId!).get()).toBeUndefined();
    expect(await store.named(b.activeId!).get()).toBeUndefined();
    expect(third.state()).toMatchObject({ present: false, keys: [] });
  });
});
