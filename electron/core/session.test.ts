import { describe, expect, it } from 'vitest';
import { SwitchableConnection } from './connection';
import { systemClock, type Connection } from './ports';
import { RequestScheduler } from './schedule/request-scheduler';
import { connectionIdentity, Session } from './session';

describe('connectionIdentity', () => {
  it('keeps a key id for a live connection only', () => {
    expect(
      connectionIdentity({ mode: 'live', origin: 'https://api.example', keyId: 'k1' }),
    ).toEqual({ mode: 'live', origin: 'https://api.example', keyId: 'k1' });
    expect(
      connectionIdentity({ mode: 'live', origin: 'https://api.example', keyId: null }),
    ).toEqual({ mode: 'live', origin: 'https://api.example' });
    expect(
      connectionIdentity({ mode: 'sandbox', origin: 'http://127.0.0.1:1', keyId: 'k1' }),
    ).toEqual({ mode: 'sandbox', origin: 'http://127.0.0.1:1' });
  });
});

describe('Session.identity', () => {
  it('is the sandbox at its origin, then the live origin and the active key once one is set', async () => {
    const chosen: { key?: string } = {};
    const sandbox: Connection = {
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:4100',
      fetch: () => Promise.reject(new Error('no request in this test')),
      apiKey: async () => 'sandbox-key',
    };
    const connection = new SwitchableConnection({
      key: async () => chosen.key,
      keyId: () => (chosen.key ? 'key-1' : null),
      baseUrl: () => 'https://api.example.com/v1',
      liveFetch: () => Promise.reject(new Error('no request in this test')),
      sandbox: () => sandbox,
    });
    const session = new Session();
    await session.open({
      connection,
      clock: systemClock,
      scheduler: new RequestScheduler({ clock: systemClock }),
    });
    expect(session.identity()).toEqual({ mode: 'sandbox', origin: 'http://127.0.0.1:4100' });
    chosen.key = 'secret';
    await session.keyChanged();
    expect(session.identity()).toEqual({
      mode: 'live',
      origin: 'https://api.example.com',
      keyId: 'key-1',
    });
  });
});
