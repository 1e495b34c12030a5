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
  'files:dragSource',
  'files:showInFolder',
  'app:takeOpenRequests',
] as const;
/** A request/response channel name. */
export type Channel = (typeof CHANNELS)[number];

/** Every event the main process pushes, `area.event`. */
export const EVENTS = ['jobs.updated', 'account.updated', 'keys.updated', 'app.openModel'] as const;
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
