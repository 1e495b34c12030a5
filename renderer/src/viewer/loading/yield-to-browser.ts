/**
 * Gives the browser a turn between long steps (a texture's strips, slices of a model's arrays),
 * so input and paint go on while a large model is prepared. A posted message, not a
 * `setTimeout(0)`: the browser holds a timer set from within timers at least 4 ms, and the 16
 * strips of a 2K texture would then wait 64 ms for nothing.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
