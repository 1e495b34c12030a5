/**
 * The only path into a handler: parse the input with the contract schema, call the handler,
 * check its output, and return an {@link IpcResult}. Never throws.
 */
import { CHANNELS, type Channel } from './channels';
import { contract, type Output, type ParsedInput } from './contract';
import { KilnError, type IpcResult } from './errors';
import { issueMessage } from './issue-message';

/** A handler for every channel: plain async functions, keyed by channel name. */
export type Handlers = { [C in Channel]: (input: ParsedInput<C>) => Promise<Output<C>> };

/** Logs what the user must not see (stack traces of unexpected errors). */
export type DispatchLogger = (message: string, error: unknown) => void;

/** True when `name` is a contract channel. */
export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNELS as readonly string[]).includes(name);
}

/**
 * Runs one IPC call.
 * @param handlers the handler table from `createServices`
 * @param channel the channel name as received (untrusted)
 * @param input the input as received (untrusted)
 */
export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  input: unknown,
  log: DispatchLogger = () => {},
): Promise<IpcResult<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { code: 'unknown_channel', message: `Unknown request.` } };
  }
  const spec = contract[channel];
  const parsed = spec.input.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    return {
      ok: false,
      error: {
        code: 'invalid_input',
        message: issue ? issueMessage(issue, input) : 'Kiln did not understand the request.',
        ...(field ? { field } : {}),
      },
    };
  }
  try {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    const out = spec.output.safeParse(value);
    if (!out.success) {
      log(`handler for ${channel} returned a value outside the contract`, out.error);
      return { ok: false, error: { code: 'internal', message: 'Kiln hit an internal error.' } };
    }
    return { ok: true, value: out.data };
  } catch (error) {
    if (error instanceof KilnError) return { ok: false, error: error.toIpc() };
    log(`handler for ${channel} failed`, error);
    return {
      ok: false,
      error: { code: 'internal', message: 'Kiln hit an internal error. Try again.' },
    };
  }
}
