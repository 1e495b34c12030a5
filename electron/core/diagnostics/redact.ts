/**
 * Redaction of secrets from everything Kiln writes to its logs and diagnostics, as one mechanism:
 * exact secrets it has seen (every key read from or written to the keychain, every bearer key sent
 * to the service, the browser host's start token), plus credential-shaped text whatever its
 * source (`Bearer …`, `token=` and signature parameters, `user:password@` in addresses, `sk-…`
 * keys) and fields whose names say they hold one. A log line is redacted before it is written, so
 * a careless call site cannot leak a key into a file.
 */
import type { SecretStore } from '../secrets/secret-store';

/** What a masked secret reads as. */
export const REDACTED = '[redacted]';

/** Field names whose values are never logged (headers and option objects included). */
const SECRET_FIELD =
  /(^|[_-])(authorization|api[_-]?key|apikey|key|token|secret|password|cookie|credential)s?$/i;
/** Query parameters that carry a credential (signed download links too). */
const SECRET_PARAM =
  /([?&](?:token|access_token|api_key|apikey|key|secret|password|sig|signature|x-amz-signature|x-amz-credential|x-goog-signature)=)[^&#\s"']+/gi;
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [SECRET_PARAM, `$1${REDACTED}`],
  // user:password@ in an address.
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${REDACTED}@`],
  // The service's key shape, should one appear bare.
  [/\bsk-[A-Za-z0-9._-]{6,}/g, REDACTED],
];
/** Shorter values are not remembered: masking them would garble ordinary text. */
const MIN_SECRET_LENGTH = 8;

/** Masks secrets in text and structured log data. */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** Remembers a secret so that it is masked wherever it appears later. */
  add(secret: string | null | undefined): void {
    if (secret && secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  /** `text` with every known secret and credential-shaped fragment masked. */
  text(text: string): string {
    let out = text;
    // Longest first: a key that contains another is masked whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) {
      out = out.split(secret).join(REDACTED);
    }
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  }

  /** A copy of `value` safe to log: secret fields masked, every string passed through {@link text}. */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value instanceof Error) return this.text(String(value));
    if (value === null || typeof value !== 'object') return value;
    if (depth > 8) return '[…]';
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_FIELD.test(k) && v !== undefined && v !== null && typeof v !== 'object'
          ? REDACTED
          : this.value(v, depth + 1),
      ]),
    );
  }
}

/**
 * The key store, with every value that passes through it (read, written, in any named entry)
 * remembered by `redactor`.
 */
export function redactingSecretStore(store: SecretStore, redactor: Redactor): SecretStore {
  return {
    get secure() {
      return store.secure;
    },
    async get() {
      const value = await store.get();
      redactor.add(value);
      return value;
    },
    async set(value) {
      redactor.add(value);
      await store.set(value);
    },
    delete: () => store.delete(),
    named: (name) => redactingSecretStore(store.named(name), redactor),
  };
}

/**
 * `fetch`, with the bearer key of every request remembered by `redactor` (a key being tested has
 * not reached the keychain yet).
 */
export function redactingFetch(fetchImpl: typeof fetch, redactor: Redactor): typeof fetch {
  return (input, init) => {
    const header = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    ).get('authorization');
    redactor.add(header?.replace(/^Bearer\s+/i, ''));
    return fetchImpl(input, init);
  };
}
