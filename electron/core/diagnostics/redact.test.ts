import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../secrets/secret-store';
import { REDACTED, Redactor, redactingFetch, redactingSecretStore } from './redact';

describe('Redactor', () => {
  it('masks every secret it was told about, wherever it appears', () => {
    const r = new Redactor();
    r.add('live-key-0123456789');
    expect(r.text('probe failed for live-key-0123456789 (twice: live-key-0123456789)')).toBe(
      `probe failed for ${REDACTED} (twice: ${REDACTED})`,
    );
    // Too short to be a secret: remembering it would garble ordinary words.
    r.add('abc');
    expect(r.text('abc')).toBe('abc');
  });

  it('masks credential-shaped text it was never told about', () => {
    const r = new Redactor();
    expect(r.text('Authorization: Bearer abc.def-ghi_123')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(r.text('GET http://127.0.0.1:5317/?token=Zx9_8-aa&x=1')).toBe(
      `GET http://127.0.0.1:5317/?token=${REDACTED}&x=1`,
    );
    expect(r.text('https://cdn.example/m.glb?X-Amz-Signature=deadbeef&X-Amz-Credential=AK/1')).toBe(
      `https://cdn.example/m.glb?X-Amz-Signature=${REDACTED}&X-Amz-Credential=${REDACTED}`,
    );
    expect(r.text('base https://me:hunter22@api.example.com/v1')).toBe(
      `base https://${REDACTED}@api.example.com/v1`,
    );
    expect(r.text('key sk-demo-1234567 refused')).toBe(`key ${REDACTED} refused`);
  });

  it('masks fields named for secrets and walks nested data, errors included', () => {
    const r = new Redactor();
    r.add('very-secret-value');
    expect(
      r.value({
        apiKey: 'anything',
        headers: { Authorization: 'x', accept: 'json' },
        token: 'tok',
        nested: [{ message: 'got very-secret-value back' }],
        error: new Error('failed with very-secret-value'),
        count: 3,
        keyIndex: { keys: [] },
      }),
    ).toEqual({
      apiKey: REDACTED,
      headers: { Authorization: REDACTED, accept: 'json' },
      token: REDACTED,
      nested: [{ message: `got ${REDACTED} back` }],
      error: `Error: failed with ${REDACTED}`,
      count: 3,
      keyIndex: { keys: [] },
    });
  });

  it('learns the keys that pass through the key store and the live fetch', async () => {
    const r = new Redactor();
    const store = redactingSecretStore(new MemorySecretStore('stored-key-aaaaaaaa'), r);
    await store.get();
    await store.named('project-b').set('named-key-bbbbbbbb');
    const seen: string[] = [];
    const fetch = redactingFetch(async (input) => {
      seen.push(String(input));
      return new Response('{}');
    }, r);
    await fetch('https://api.example/balance', {
      headers: { authorization: 'Bearer tested-key-cccccccc' },
    });
    expect(seen).toEqual(['https://api.example/balance']);
    expect(r.text('stored-key-aaaaaaaa named-key-bbbbbbbb tested-key-cccccccc')).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED}`,
    );
  });
});
