/**
 * Hands a finished recording to the main process, which saves it where the user chose (see
 * `electron/core/files/recordings.ts`). Both transports carry it: in pieces of base64 text small
 * enough for the browser host's WebSocket.
 */
import type { Bridge } from '../../../../shared/ipc/bridge';
import { RECORDING_CHUNK_CHARS } from '../../../../shared/ipc/channels';
import type { RecordingView } from '../../../../shared/ipc/contract';

/** Raw bytes per piece: a multiple of 3, so each piece encodes to whole base64 quads. */
const CHUNK_BYTES = Math.floor(RECORDING_CHUNK_CHARS / 4) * 3;

/** Base64 of `bytes` (any length; built in slices, as `String.fromCharCode` takes few args). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A recording whose place was granted before a frame was rendered. */
export interface OpenRecording {
  /** Sends the finished bytes and saves them; resolves with where they went. */
  save(bytes: Uint8Array): Promise<RecordingView>;
  /** Gives the place up (the recording was cancelled or failed). */
  cancel(): Promise<void>;
}

type RecordingBridge = Pick<
  Bridge,
  'recordings:start' | 'recordings:append' | 'recordings:finish' | 'recordings:cancel'
>;

/**
 * Asks the main process for a place to save `fileName` in `folder` before anything is recorded:
 * a folder that cannot take it (a file in the way, no permission) is refused at once, not after
 * every frame has been rendered.
 */
export async function openRecording(
  bridge: RecordingBridge,
  fileName: string,
  folder: string,
): Promise<OpenRecording> {
  const { recordingId } = await bridge['recordings:start']({ fileName, folder });
  const cancel = () =>
    bridge['recordings:cancel']({ recordingId }).then(
      () => undefined,
      () => undefined,
    );
  return {
    cancel,
    async save(bytes) {
      try {
        for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
          await bridge['recordings:append']({
            recordingId,
            data: toBase64(bytes.subarray(at, at + CHUNK_BYTES)),
          });
        }
        return await bridge['recordings:finish']({ recordingId });
      } catch (error) {
        await cancel();
        throw error;
      }
    },
  };
}
