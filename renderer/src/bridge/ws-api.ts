/**
 * The browser host's transport: the same `KilnApi` as Electron's preload, over a WebSocket to
 * the host (calls and events) and HTTP for file uploads (a browser has no file paths). The page
 * proves the host's start token inside the socket handshake and in a header of its uploads, never
 * in a cookie or a URL (see `host-token.ts`).
 */
/* eslint-disable lingui/no-unlocalized-strings -- the bridge's wire: URLs, and errors' English
   details, which errorWords puts in the artist's language by their code, as the core's are. */
import { PAGE_CHANNELS, type EventName } from '../../../shared/ipc/channels';
import type { KilnApi } from '../../../shared/ipc/bridge';
import type { IpcResult } from '../../../shared/ipc/errors';
import {
  BRIDGE_PROTOCOL,
  TOKEN_HEADER,
  TOKEN_PROTOCOL_PREFIX,
} from '../../../shared/ipc/host-auth';

type Pending = (result: IpcResult<unknown>) => void;

const disconnected: IpcResult<never> = {
  ok: false,
  error: {
    code: 'host_unreachable',
    message:
      'Kiln lost contact with its host process. Reload the page; your jobs continue there. If you restarted `npm run web`, open the new address it printed instead.',
  },
};

const noToken: IpcResult<never> = {
  ok: false,
  error: {
    code: 'host_address_needed',
    message:
      'Open Kiln with the address `npm run web` printed in your terminal (http://127.0.0.1:…/#token=…). This tab was opened without it, so Kiln cannot tell it from another page.',
  },
};

/** Connects to the host that served this page, proving `token`. */
export function createWsApi(
  token: string | undefined,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): KilnApi {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = token
    ? new WebSocket(`${scheme}://${location.host}/bridge`, [
        BRIDGE_PROTOCOL,
        `${TOKEN_PROTOCOL_PREFIX}${token}`,
      ])
    : undefined;
  const failure = token ? disconnected : noToken;
  const ready = new Promise<boolean>((resolve) => {
    if (!socket) return resolve(false);
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('error', () => resolve(false), { once: true });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  socket?.addEventListener('message', (message) => {
    let data: { id?: number; result?: IpcResult<unknown>; event?: string; payload?: unknown };
    try {
      data = JSON.parse(String(message.data)) as typeof data;
    } catch {
      return;
    }
    if (data.event) {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    } else if (data.id !== undefined && data.result) {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    }
  });
  socket?.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve(disconnected);
    pending.clear();
  });

  const invoke = async (channel: string, input: unknown): Promise<IpcResult<unknown>> => {
    if (!socket || !(await ready) || socket.readyState !== WebSocket.OPEN) return failure;
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, channel, input }));
    });
  };

  const calls = Object.fromEntries(
    PAGE_CHANNELS.map((c) => [c, (input: unknown) => invoke(c, input)]),
  );
  return {
    ...(calls as Omit<KilnApi, 'on' | 'stageFile' | 'startDrag'>),
    on(event: EventName, listener: (payload: never) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    async stageFile(file: File) {
      if (!token) return failure;
      try {
        const response = await fetch('./upload', {
          method: 'POST',
          body: file,
          headers: { 'x-file-name': encodeURIComponent(file.name), [TOKEN_HEADER]: token },
        });
        return (await response.json()) as IpcResult<never>;
      } catch {
        return disconnected;
      }
    },
  } as KilnApi;
}
