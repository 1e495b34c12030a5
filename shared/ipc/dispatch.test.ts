import { describe, expect, it, vi } from 'vitest';
import { createBridge, type KilnApi } from './bridge';
import { CHANNELS } from './channels';
import { contract } from './contract';
import { dispatch, type Handlers } from './dispatch';
import { KilnError } from './errors';

const job = {
  id: 'j1',
  kind: 'photo',
  tier: 'fast',
  source: 'cup.png',
  state: 'queued',
  createdAt: 1,
  canCancel: false,
  canRetry: false,
} as const;

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  // Channels a test does not use answer with an error, so a wrong route shows up at once.
  const unused = Object.fromEntries(
    CHANNELS.map((c) => [
      c,
      async () => {
        throw new KilnError('unused', `no handler for ${c} in this test`);
      },
    ]),
  ) as unknown as Handlers;
  return {
    ...unused,
    'app:info': async () => ({ version: '1.0.0', mode: 'sandbox' }),
    'files:stagePath': async () => ({ id: 'f', name: 'cup.png', size: 1, type: 'image/png' }),
    'jobs:startPhoto': async () => job,
    'jobs:list': async () => [job],
    'library:model': async ({ modelId }) => ({
      modelId,
      name: 'Cup',
      fileUrl: 'kiln://models/x.glb',
    }),
    ...overrides,
  };
}

describe('dispatch', () => {
  it('contract and channel list agree', () => {
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort());
  });

  it('returns the handler’s value', async () => {
    await expect(dispatch(handlers(), 'jobs:list', undefined)).resolves.toEqual({
      ok: true,
      value: [job],
    });
  });

  it('refuses unknown channels and invalid input without calling the handler', async () => {
    const start = vi.fn();
    const h = handlers({ 'jobs:startPhoto': start });
    await expect(dispatch(h, 'shell:exec', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    await expect(
      dispatch(h, 'jobs:startPhoto', { fileId: 'f', tier: 'mega' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'tier' },
    });
    await expect(
      dispatch(h, 'jobs:startPhoto', { fileId: 'f', tier: 'fast', options: { polyCount: 5 } }),
    ).resolves.toMatchObject({ ok: false, error: { field: 'options.polyCount' } });
    expect(start).not.toHaveBeenCalled();
  });

  it('turns a KilnError into its IPC form and hides unexpected errors', async () => {
    const log = vi.fn();
    const refused = handlers({
      'jobs:list': async () => {
        throw new KilnError('insufficient_balance', 'Balance too low.', { retryAfter: 3 });
      },
    });
    await expect(dispatch(refused, 'jobs:list', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'insufficient_balance', message: 'Balance too low.', retryAfter: 3 },
    });
    const broken = handlers({
      'jobs:list': async () => {
        throw new TypeError('secret internals at /home/me');
      },
    });
    const result = await dispatch(broken, 'jobs:list', undefined, log);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('/home/me');
    expect(log).toHaveBeenCalled();
  });

  it('refuses a handler answer outside the contract', async () => {
    const h = handlers({ 'app:info': async () => ({ version: 1 }) as never });
    await expect(dispatch(h, 'app:info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});

describe('createBridge', () => {
  it('resolves values and rejects with a KilnError carrying the code', async () => {
    const h = handlers({
      'library:model': async () => {
        throw new KilnError('not_found', 'Not found on the service.');
      },
    });
    const api = Object.fromEntries(
      CHANNELS.map((c) => [c, (input: unknown) => dispatch(h, c, input)]),
    ) as unknown as KilnApi;
    const bridge = createBridge({
      ...api,
      on: () => () => {},
      stageFile: async () => ({
        ok: true,
        value: { id: 'f', name: 'a', size: 1, type: 'image/png' },
      }),
    });
    await expect(bridge['app:info'](undefined)).resolves.toEqual({
      version: '1.0.0',
      mode: 'sandbox',
    });
    const error = await bridge['library:model']({ modelId: 'm' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KilnError);
    expect(error).toMatchObject({ code: 'not_found', message: 'Not found on the service.' });
  });
});
