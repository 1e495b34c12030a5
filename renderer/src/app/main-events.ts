/**
 * The one place the page listens to the main process: every event it pushes goes to the action
 * of the feature that owns the state it changes.
 */
import type { Bridge } from '../../../shared/ipc/bridge';
import type { StoreApi } from 'zustand/vanilla';
import type { KilnState } from '../store/app-store';

/**
 * Subscribes the store to the main process's events; returns the unsubscribe function. Call it
 * before the store's first requests (`init`), so an update pushed while they are on their way is
 * not lost.
 */
export function subscribeMainEvents(bridge: Bridge, store: StoreApi<KilnState>): () => void {
  const state = store.getState;
  const offs = [
    bridge.on('jobs.updated', (job) => state().upsertJob(job)),
    bridge.on('batch.updated', (batch) => state().upsertBatch(batch)),
    bridge.on('account.updated', (account) => state().receiveAccount(account)),
    bridge.on('keys.updated', (keyState) => state().receiveKeyState(keyState)),
    // The desktop asked to show something (a file opened with Kiln, a clicked notification).
    bridge.on('app.openModel', () => void state().takeOpenRequests()),
    bridge.on('updates.updated', (update) => state().receiveUpdate(update)),
    // The main process has a notice for the page (a window reloaded after a crash).
    bridge.on('app.notice', () => void state().takeAppNotices()),
    // The desktop app's menu: Preferences… (Ctrl/⌘+,).
    bridge.on('app.openSettings', () => state().openAccount('settings')),
    // The desktop app's menu: any other command of the registry, run by the shell's CommandCenter.
    bridge.on('app.command', ({ id }) => state().requestCommand(id)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
