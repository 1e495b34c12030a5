import type { Page } from '@playwright/test';

/**
 * Makes the page's start come the way it does on a busy machine, for tests of what the app
 * does at idle: from each idle callback until the viewer's lighting is warm, React's next tasks
 * (a render, then its passive effects) come 300 ms apart instead of at once, and 450 ms after
 * the callback an orbit of the empty viewer asks for a frame, which then runs between the two.
 * On a busy machine a frame asked for before a commit lands there by chance (CI, 2026-11-27:
 * the warm-up's frame then missed the ground shadow's bake); here it lands there every time.
 *
 * Call before the page loads (or reload after), as every `addInitScript`.
 */
export async function frameBeforeEffects(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const warm = (): boolean => document.querySelector('[data-lighting="warm"]') !== null;
    let slowUntil = 0;
    // React's scheduler posts a null message to run its next task.
    const RealChannel = window.MessageChannel;
    window.MessageChannel = class extends RealChannel {
      constructor() {
        super();
        const port = this.port2;
        const post = port.postMessage.bind(port) as (m: unknown, o?: unknown) => void;
        port.postMessage = ((message: unknown, options?: unknown) => {
          if (message === null && performance.now() < slowUntil) {
            setTimeout(() => post(message), 300);
          } else {
            post(message, options);
          }
        }) as typeof port.postMessage;
      }
    };
    const requestIdle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) =>
      requestIdle((deadline) => {
        if (warm()) return callback(deadline);
        slowUntil = performance.now() + 1000;
        callback(deadline);
        setTimeout(() => {
          const canvas = document.querySelector('[data-testid="viewer"] canvas');
          if (warm() || !canvas) return;
          const orbit = { deltaY: 1, bubbles: true, cancelable: true };
          canvas.dispatchEvent(new WheelEvent('wheel', orbit));
        }, 450);
      }, options);
  });
}
