/**
 * Remembers the main window's size and position between runs, in a small JSON file of the user
 * data folder. Bounds that no longer fit any display (a monitor was unplugged) are dropped so the
 * window never opens off-screen.
 */
import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/util/fs-atomic';

/** Saved window geometry. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

function isBounds(value: unknown): value is WindowBounds {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    ['x', 'y', 'width', 'height'].every((k) => Number.isInteger(v[k])) &&
    (v['width'] as number) >= 400 &&
    (v['height'] as number) >= 300 &&
    typeof v['maximized'] === 'boolean'
  );
}

/** True when at least a 100×100 corner of `bounds` lies on one of `displays`' work areas. */
export function isVisibleOn(bounds: Rectangle, displays: readonly Rectangle[]): boolean {
  return displays.some((area) => {
    const w = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const h = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return w >= 100 && h >= 100;
  });
}

/** The saved bounds, if they are readable and still on screen. */
export function loadWindowBounds(file: string): WindowBounds | undefined {
  try {
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isBounds(saved)) return undefined;
    const areas = screen.getAllDisplays().map((d) => d.workArea);
    return isVisibleOn(saved, areas) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the window's bounds when it moves, resizes (debounced) or closes. */
export function trackWindowBounds(window: BrowserWindow, file: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.isMaximized() ? window.getNormalBounds() : window.getBounds();
    void writeFileAtomic(
      file,
      JSON.stringify({ ...bounds, maximized: window.isMaximized() }),
    ).catch(() => {});
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
