/**
 * One page's WebSocket bridge: every message parsed defensively, every call through `dispatch`.
 * A message that is not what the page sends — binary, not JSON, not an object, no numeric id —
 * closes the socket with a reason; a well-formed call to an unknown channel (or one the host does
 * not serve) gets an error answer. Oversized messages and invalid UTF-8 are refused by `ws`
 * itself, which reports them to the socket's `error` listener and closes it: none of this can
 * end the host.
 */
import type { RawData, WebSocket } from 'ws';
import { isPageChannel } from '../../shared/ipc/channels';
import { dispatch, type Handlers } from '../../shared/ipc/dispatch';
import type { IpcResult } from '../../shared/ipc/errors';
import { CLOSE_REFUSED } from '../../shared/ipc/host-auth';
import type { Logger } from '../core/ports';

/** The largest bridge message the host reads (a call's input is a few kB at most). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** What one incoming message is. */
export type BridgeMessage =
  | {
      readonly kind: 'call';
      readonly id: number;
      readonly channel: unknown;
      readonly input: unknown;
    }
  | { readonly kind: 'refused'; readonly code: number; readonly reason: string };

/** Parses one message as received; never throws. */
export function parseBridgeMessage(data: RawData, isBinary: boolean): BridgeMessage {
  if (isBinary) {
    return { kind: 'refused', code: 1003, reason: 'The bridge takes JSON text messages.' };
  }
  let message: unknown;
  try {
    message = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  } catch {
    return { kind: 'refused', code: 1007, reason: 'A bridge message must be JSON.' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return {
      kind: 'refused',
      code: CLOSE_REFUSED,
      reason: 'A bridge message is a JSON object with an id, a channel and an input.',
    };
  }
  const { id, channel, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    return { kind: 'refused', code: CLOSE_REFUSED, reason: 'A bridge message needs a numeric id.' };
  }
  return { kind: 'call', id, channel, input };
}

const UNKNOWN_CHANNEL: IpcResult<never> = {
  ok: false,
  error: { code: 'unknown_channel', message: 'Unknown request.' },
};

/** Serves the bridge on one authenticated socket. */
export function serveBridgeSocket(
  ws: WebSocket,
  o: Readonly<{ handlers: Handlers; logger: Logger }>,
): void {
  // `ws` emits protocol errors (too large, invalid UTF-8, bad frames) here and closes the socket;
  // without a listener they would be thrown and end the process.
  ws.on('error', (error) => o.logger.warn('a bridge socket failed', { error: error.message }));
  ws.on('message', (data, isBinary) => {
    const message = parseBridgeMessage(data, isBinary);
    if (message.kind === 'refused') {
      o.logger.warn('a bridge message was refused', { reason: message.reason });
      ws.close(message.code, message.reason);
      return;
    }
    const answer = (result: IpcResult<unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, result }));
    };
    // Channels that name a path on disk are Electron's preload's alone: unknown here.
    if (!isPageChannel(message.channel)) return answer(UNKNOWN_CHANNEL);
    void dispatch(o.handlers, message.channel, message.input, (m, e) =>
      o.logger.error(m, { error: String(e) }),
    ).then(answer, (error: unknown) => {
      o.logger.error('a bridge call failed', { error: String(error) });
      answer({ ok: false, error: { code: 'internal', message: 'Kiln hit an internal error.' } });
    });
  });
}
