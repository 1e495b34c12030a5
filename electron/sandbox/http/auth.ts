/**
 * Bearer-key authentication (service-api.md §5).
 */
import { codedError } from '../service/service-error';
import type { SandboxState } from '../service/state';

/**
 * The key of a request, if it is live on the account.
 * @throws ServiceError 401 `invalid_api_key` when the header is missing or the key is wrong or
 *   revoked. The message says which, without echoing the key.
 */
export function authenticate(header: string | null | undefined, state: SandboxState): string {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) {
    throw codedError(
      401,
      'invalid_api_key',
      'Missing API key: send the header "Authorization: Bearer <API_KEY>".',
    );
  }
  const key = match[1]!;
  const row = state.account.keys.find((k) => k.key === key);
  if (!row) throw codedError(401, 'invalid_api_key', 'Invalid API key.');
  if (row.revoked) throw codedError(401, 'invalid_api_key', 'This API key was revoked.');
  return key;
}
