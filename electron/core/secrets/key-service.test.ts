/**
 * The key: kept in the keychain when there is one, else for the session with the reason said;
 * adding one switches Kiln from the sandbox to the live service at once, removing it switches
 * back; it can be tested before saving; and it never appears in an event, a log line, a file
 * Kiln writes, an IPC answer or an error message.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../shared/ipc/dispatch';
import { createSandbox, serveSandbox, type Sandbox } from '../../sandbox';
import { createServices } from '../services';
import { testPorts } from '../testing/harness';
import { AuthError } from '../api/errors';
import type { KeyIndex } from '../settings/settings-service';
import type { KeyOriginQuestion } from '../ports';
import { KeyService } from './key-service';
import { MemorySecretStore, type SecretStore } from './secret-store';

const LIVE_KEY = 'sk-live-9f3a-secret-0001';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const BINDING = { origin: 'https://api.example.test', platform: 'https://platform.example.test' };

let work: string;
let live: { sandbox: Sandbox; url: string; close(): Promise<void> };
let demo: { sandbox: Sandbox; url: string; close(): Promise<void> };

async function serve(keys: string[]) {
  const sandbox = createSandbox({ keys, taskSeconds: 0, balanceUsd: '3.00' });
  const server = await serveSandbox(sandbox, { port: 0 });
  return {
    sandbox,
    url: server.url,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-keys-'));
  live = await serve([LIVE_KEY]);
  demo = await serve(['sk-sandbox-demo']);
});
afterAll(async () => {
  await live.close();
  await demo.close();
  await rm(work, { recursive: true, force: true });
});

function service(secrets: SecretStore, insecureReason?: string): KeyService {
  return new KeyService({
    secrets,
    ...(insecureReason ? { insecureReason } : {}),
    logger: quiet,
    probe: async () => {},
    onChange: async () => {},
    mode: () => 'live',
    binding: () => BINDING,
  });
}

describe('KeyService', () => {
  it('without a secure store keeps the key for the session and says why', async () => {
    const keys = service(new MemorySecretStore(), 'No keychain here.');
    expect(keys.state()).toMatchObject({ present: false, storage: 'none' });
    const state = await keys.set(`  ${LIVE_KEY}\n`);
    expect(state).toMatchObject({
      present: true,
      suffix: '…0001',
      storage: 'session',
      reason: 'No keychain here.',
      mode: 'live',
    });
    expect(await keys.key()).toBe(LIVE_KEY);
    expect((await keys.remove()).storage).toBe('none');
  });

  it('falls back to the session when the keychain refuses the key', async () => {
    const refusing: SecretStore = {
      secure: true,
      get: async () => undefined,
      set: async () => {
        throw new Error('locked collection');
      },
      delete: async () => {},
      named: () => refusing,
    };
    const state = await service(refusing).set(LIVE_KEY);
    expect(state).toMatchObject({ present: true, storage: 'session' });
    expect(state.reason).toMatch(/did not accept the key/);
  });

  it('refuses what cannot be a key without repeating it', async () => {
    const error = await service(new MemorySecretStore())
      .set('sk live with spaces')
      .catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: 'invalid_key' });
    expect((error as Error).message).not.toContain('sk live');
  });
});

describe('named keys', () => {
  it('adds, names, switches, replaces and removes keys, one active at a time', async () => {
    const changes: string[] = [];
    let active: string | undefined;
    const keys = new KeyService({
      secrets: new MemorySecretStore(),
      logger: quiet,
      probe: async (key) => {
        if ((key ?? active) !== 'sk-live-client-b-0002')
          throw new AuthError('invalid_api_key', 'The API key was refused.');
      },
      onChange: async () => {
        active = await keys.key();
        changes.push(active ? active.slice(-4) : 'sandbox');
      },
      mode: () => (active ? 'live' : 'sandbox'),
      binding: () => BINDING,
    });
    await keys.load();
    const a = await keys.set('sk-live-client-a-0001', { name: 'Client A' });
    const b = await keys.set('sk-live-client-b-0002', { name: 'Client B' });
    expect(b.keys?.map((k) => [k.name, k.suffix, k.active])).toEqual([
      ['Client A', '…0001', false],
      ['Client B', '…0002', true],
    ]);
    const idA = a.activeId!;
    const idB = b.activeId!;
    expect(await keys.test(undefined, idB)).toMatchObject({ ok: true });
    expect(await keys.test(undefined, idA)).toMatchObject({ ok: false, code: 'invalid_api_key' });
    expect((await keys.activate(idA)).activeId).toBe(idA);
    expect(await keys.key()).toBe('sk-live-client-a-0001');
    // Replace keeps the name and makes the key active.
    const replaced = await keys.set('sk-live-client-a-0003', { id: idA });
    expect(replaced.keys?.find((k) => k.id === idA)).toMatchObject({
      name: 'Client A',
      suffix: '…0003',
    });
    expect(replaced.keys).toHaveLength(2);
    // Removing a key that is not active changes nothing else; removing the active one → sandbox.
    expect((await keys.remove(idB)).keys).toHaveLength(1);
    expect(await keys.activate(null)).toMatchObject({ present: false, mode: 'sandbox' });
    await keys.activate(idA);
    expect(await keys.remove()).toMatchObject({ present: false, keys: [] });
    expect(changes).toEqual(['0001', '0002', '0001', '0003', 'sandbox', '0003', 'sandbox']);
    await expect(keys.activate('gone')).rejects.toMatchObject({ code: 'unknown_key' });
    // The state never holds a key.
    expect(JSON.stringify(keys.state())).not.toMatch(/client-[ab]/);
  });
});

describe('a key belongs to the origin it was added for', () => {
  function bound(o: { confirm?: (q: KeyOriginQuestion) => Promise<boolean> } = {}) {
    let binding = { origin: 'https://a.example', platform: 'https://platform-a.example' };
    let index: KeyIndex = { keys: [] };
    const probed: string[] = [];
    const keys = new KeyService({
      secrets: new MemorySecretStore(),
      logger: quiet,
      probe: async (key) => void probed.push(`${binding.origin} ${key}`),
      onChange: async () => {},
      mode: () => 'live',
      index: { get: () => index, set: async (next) => void (index = next) },
      binding: () => binding,
      defaultPlatform: 'https://platform.example',
      ...(o.confirm ? { confirmOrigin: o.confirm } : {}),
    });
    return {
      keys,
      probed,
      index: () => index,
      moveTo: (origin: string, platform = 'https://platform-b.example') =>
        (binding = { origin, platform }),
    };
  }

  it('is never handed out, nor tested, for another address; the state says so', async () => {
    const { keys, probed, moveTo } = bound();
    const { activeId } = await keys.set(LIVE_KEY, { name: 'Studio' });
    expect(await keys.key()).toBe(LIVE_KEY);
    expect(keys.platformOrigins().sort()).toEqual([
      'https://platform-a.example',
      'https://platform.example',
    ]);
    moveTo('https://evil.example');
    const refused = await keys.key().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthError);
    expect(refused).toMatchObject({ code: 'key_not_for_origin', sent: false });
    expect((refused as Error).message).toBe(
      '“Studio” was added for https://a.example. Kiln will not send it to https://evil.example: paste it again for this address (Account → Keys → Replace).',
    );
    // Still the chosen key: Kiln stays live and says why it cannot send, never the sandbox.
    expect(keys.chosen()).toBe(true);
    for (const tested of [await keys.test(), await keys.test(undefined, activeId)]) {
      expect(tested).toMatchObject({ ok: false, code: 'key_not_for_origin' });
    }
    expect(probed).toEqual([]);
    expect(keys.state()).toMatchObject({
      origin: 'https://evil.example',
      confirmable: false,
      keys: [{ name: 'Studio', origin: 'https://a.example', active: true }],
    });
    // The page's new platform address is not one Kiln opens; the configured one still is.
    expect(keys.platformOrigins()).toEqual(['https://platform.example']);
    // Without a native dialog, confirming is refused with what to do instead.
    await expect(keys.confirmOrigin(activeId!)).rejects.toMatchObject({
      code: 'confirm_unavailable',
      message: expect.stringContaining('paste the key again with Replace'),
    });
    // Pasting it again binds it to the new address.
    await keys.set(LIVE_KEY, { id: activeId! });
    expect(await keys.key()).toBe(LIVE_KEY);
    expect(await keys.test()).toMatchObject({ ok: true });
    expect(probed).toEqual([`https://evil.example ${LIVE_KEY}`]);
  });

  it('is confirmed for a new address only when the user says yes outside the page', async () => {
    const questions: KeyOriginQuestion[] = [];
    let answer = false;
    const { keys, moveTo } = bound({
      confirm: async (q) => {
        questions.push(q);
        return answer;
      },
    });
    const { activeId } = await keys.set(LIVE_KEY, { name: 'Studio' });
    moveTo('https://b.example');
    await expect(keys.confirmOrigin(activeId!)).rejects.toMatchObject({ code: 'not_confirmed' });
    await expect(keys.key()).rejects.toMatchObject({ code: 'key_not_for_origin' });
    expect(keys.state().confirmable).toBe(true);
    answer = true;
    expect((await keys.confirmOrigin(activeId!)).keys?.[0]?.origin).toBe('https://b.example');
    expect(await keys.key()).toBe(LIVE_KEY);
    expect(keys.platformOrigins()).toContain('https://platform-b.example');
    expect(questions).toEqual([
      {
        keyName: 'Studio',
        from: 'https://a.example',
        to: 'https://b.example',
        platform: 'https://platform-b.example',
      },
      expect.anything(),
    ]);
    expect(JSON.stringify(questions)).not.toContain(LIVE_KEY);
  });

  it('binds the keys of an older Kiln to the address set when it first starts', async () => {
    const secrets = new MemorySecretStore();
    await secrets.named('k1').set(LIVE_KEY);
    let index: KeyIndex = {
      activeId: 'k1',
      keys: [{ id: 'k1', name: 'Old', suffix: '…0001', addedAt: 1 }],
    };
    const keys = new KeyService({
      secrets,
      logger: quiet,
      probe: async () => {},
      onChange: async () => {},
      mode: () => 'live',
      index: { get: () => index, set: async (next) => void (index = next) },
      binding: () => BINDING,
    });
    await keys.load();
    expect(index.keys[0]).toMatchObject({ id: 'k1', ...BINDING });
    expect(await keys.key()).toBe(LIVE_KEY);
  });
});

describe('keys through the core', () => {
  it('switches sandbox → live → sandbox, tests keys, and never lets the key out', async () => {
    const dataDir = path.join(work, 'switch');
    const { ports, recorded } = testPorts({
      dataDir,
      baseUrl: live.url,
      secrets: new MemorySecretStore(),
    });
    const services = await createServices(
      {
        ...ports,
        insecureSecretsReason: 'No keychain in this test.',
        sandbox: () => ({
          mode: 'sandbox',
          baseUrl: demo.url,
          fetch,
          apiKey: async () => 'sk-sandbox-demo',
        }),
      },
      {},
    );
    const answers: unknown[] = [];
    const call = async (channel: string, input?: unknown) => {
      const result = await dispatch(services.handlers, channel, input);
      answers.push(result);
      return result;
    };
    expect(await call('app:info')).toMatchObject({ value: { mode: 'sandbox' } });
    expect(await call('account:balance')).toMatchObject({ value: { mode: 'sandbox' } });

    expect(await call('keys:test', { key: 'sk-wrong-key-000000' })).toMatchObject({
      value: { ok: false, code: 'invalid_api_key' },
    });
    expect(await call('keys:test', { key: LIVE_KEY })).toMatchObject({ value: { ok: true } });
    expect(await call('keys:set', { key: LIVE_KEY })).toMatchObject({
      ok: true,
      value: { present: true, suffix: '…0001', storage: 'session', mode: 'live' },
    });
    expect(await call('app:info')).toMatchObject({ value: { mode: 'live' } });
    expect(await call('account:balance')).toMatchObject({
      value: { mode: 'live', balanceUsd: '3.00' },
    });
    expect(await call('keys:test')).toMatchObject({ value: { ok: true } });
    // Something written to every file Kiln keeps: settings, ledger, cache.
    expect(await call('settings:set', { maxConcurrentJobs: 4 })).toMatchObject({ ok: true });
    expect(await call('concepts:imagine', { prompt: 'a brass key' })).toMatchObject({
      ok: true,
      value: { costUsd: '0.05', imageUrl: expect.stringMatching(/^test:\/\/[a-f0-9]{64}\.png$/) },
    });
    live.sandbox.revokeKey(LIVE_KEY);
    expect(await call('keys:test')).toMatchObject({
      value: { ok: false, code: 'invalid_api_key' },
    });
    expect(await call('account:balance')).toMatchObject({
      ok: false,
      error: { code: 'invalid_api_key' },
    });
    expect(await call('keys:remove')).toMatchObject({ value: { present: false, mode: 'sandbox' } });
    expect(await call('app:info')).toMatchObject({ value: { mode: 'sandbox' } });
    const keyEvents = recorded.events.filter((e) => e.event === 'keys.updated');
    expect(keyEvents.map((e) => (e.payload as { mode: string }).mode)).toEqual(['live', 'sandbox']);
    await services.close();

    // Nowhere: events, logs, IPC answers, files Kiln wrote.
    const names = (await readdir(dataDir)).filter((n) => n.endsWith('.json'));
    // The request budget names keys by id: its file holds no secret either.
    expect(names.sort()).toEqual(['ledger.json', 'request-budget.json', 'settings.json']);
    const written = await Promise.all(names.map((n) => readFile(path.join(dataDir, n), 'utf8')));
    for (const [what, text] of [
      ['events', JSON.stringify(recorded.events)],
      ['logs', JSON.stringify(recorded.logs)],
      ['IPC answers', JSON.stringify(answers)],
      ['files', written.join('\n')],
    ] as const) {
      expect(text, what).not.toContain(LIVE_KEY);
      expect(text, what).not.toContain('9f3a-secret');
    }
  });
});
