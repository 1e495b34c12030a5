/**
 * Channel and event names of the IPC contract, without their schemas.
 *
 * The sandboxed preload imports only this file, so it stays tiny and free of zod; the
 * `satisfies` checks in `contract.ts` keep the two lists identical.
 */

/** Every request/response channel, `area:verb`. */
export const CHANNELS = [
  'app:info',
  'files:stagePath',
  'jobs:startPhoto',
  'jobs:startMulti',
  'jobs:startText',
  'jobs:retexture',
  'jobs:list',
  'jobs:cancel',
  'jobs:retry',
  'jobs:resolveUnknown',
  'concepts:imagine',
  'ops:run',
  'batch:quote',
  'batch:start',
  'batch:pause',
  'batch:resume',
  'batch:cancel',
  'batch:list',
  'library:list',
  'library:model',
  'library:versions',
  'library:thumbnail',
  'library:thumbnailsInView',
  'library:cacheInfo',
  'library:clearCache',
  'account:balance',
  'account:prices',
  'account:ledger',
  'keys:get',
  'keys:set',
  'keys:test',
  'keys:remove',
  'settings:get',
  'settings:set',
  'keys:activate',
  'account:exportLedger',
  'app:openExternal',
  'files:chooseFolder',
  'ops:preview',
  'ops:repeat',
  'sandbox:buildFailures',
  'sandbox:setBuildFailures',
  'files:dragSource',
  'files:showInFolder',
  'app:takeOpenRequests',
  'updates:get',
  'updates:check',
  'updates:install',
  'app:takeNotices',
  'keys:confirmOrigin',
  'recordings:start',
  'recordings:append',
  'recordings:finish',
  'recordings:cancel',
] as const;
/** A request/response channel name. */
export type Channel = (typeof CHANNELS)[number];

/**
 * Channels that name a file on disk. Only Electron's preload calls them, with the path the OS gave
 * it for a file the user dropped or picked (`webUtils.getPathForFile`): they are not part of the
 * page's bridge, and the browser host does not serve them at all (its page uploads files instead),
 * so no page can make Kiln read a path it chose.
 */
export const PATH_CHANNELS = ['files:stagePath'] as const satisfies readonly Channel[];
/** A channel that names a file on disk. */
export type PathChannel = (typeof PATH_CHANNELS)[number];
/** A channel the page itself may call. */
export type PageChannel = Exclude<Channel, PathChannel>;
/** Every channel the page itself may call (all but {@link PATH_CHANNELS}). */
export const PAGE_CHANNELS: readonly PageChannel[] = CHANNELS.filter(
  (c): c is PageChannel => !(PATH_CHANNELS as readonly string[]).includes(c),
);
/** True when `name` is a channel the page itself may call. */
export function isPageChannel(name: unknown): name is PageChannel {
  return typeof name === 'string' && (PAGE_CHANNELS as readonly string[]).includes(name);
}

/** Every event the main process pushes, `area.event`. */
export const EVENTS = [
  'jobs.updated',
  'batch.updated',
  'account.updated',
  'keys.updated',
  'app.openModel',
  'updates.updated',
  'app.notice',
  'app.openSettings',
  'app.command',
] as const;
/** An event name. */
export type EventName = (typeof EVENTS)[number];

/** The one Electron IPC channel that carries pushed events (payload: `[name, value]`). */
export const EVENT_CHANNEL = 'kiln:event';

/**
 * The one fire-and-forget Electron message: the page's `dragstart` asking the main process to
 * drag a finished result out as a file (`startDrag` must run while the drag begins, so it is not
 * a request/response channel).
 */
export const DRAG_CHANNEL = 'kiln:startDrag';

/**
 * Largest piece of a recording one `recordings:append` carries, in base64 characters: well under
 * the browser host's 1 MiB WebSocket messages. Here, not beside the schema, so the renderer's
 * entry chunk can use it without zod.
 */
export const RECORDING_CHUNK_CHARS = 700_000;
