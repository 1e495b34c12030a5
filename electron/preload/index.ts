/**
 * The sandboxed preload: exposes `window.kiln`, one function per contract channel, `on` for
 * contract events only, and `stageFile`, which hands the main process a dropped file's path so
 * its bytes never travel through IPC, and `startDrag`, which asks the main process to drag a
 * finished result out as a file. No raw `ipcRenderer` reaches the page.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  DRAG_CHANNEL,
  EVENTS,
  EVENT_CHANNEL,
  PAGE_CHANNELS,
  type EventName,
} from '../../shared/ipc/channels';

// Channels that name a path are not exposed: the page cannot make the main process read a path it
// chose; `stageFile` passes only the path the OS gives for a file the user dropped or picked.
const calls = Object.fromEntries(
  PAGE_CHANNELS.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]),
);

contextBridge.exposeInMainWorld('kiln', {
  ...calls,
  on(event: EventName, listener: (payload: unknown) => void): () => void {
    if (!(EVENTS as readonly string[]).includes(event))
      throw new Error(`Unknown event: ${String(event)}`);
    const forward = (_e: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  },
  stageFile(file: File) {
    return ipcRenderer.invoke('files:stagePath', { path: webUtils.getPathForFile(file) });
  },
  // A reference (job or model id), never a path: the main process finds the file itself.
  startDrag(ref: { jobId: string } | { modelId: string }) {
    ipcRenderer.send(DRAG_CHANNEL, ref);
  },
});
