import { describe, expect, it } from 'vitest';
import { CLICK_SLOP_PX, isRightClick, moved, pressed, type PointerSample } from './right-click';

const at = (clientX: number, clientY: number, button = -1, pointerId = 1): PointerSample => ({
  pointerId,
  button,
  clientX,
  clientY,
});

describe('a right click on the viewer, told from a right drag', () => {
  it('is a click when the button comes up where it went down (a hand’s jitter allowed)', () => {
    let press = pressed(at(100, 100, 2));
    press = moved(press, at(102, 101));
    expect(isRightClick(press, at(101, 102, 2))).toBe(true);
  });

  it('is a drag (an orbit or pan) once it travelled, even when it comes back to the start', () => {
    let press = pressed(at(100, 100, 2));
    press = moved(press, at(100 + CLICK_SLOP_PX + 20, 100));
    press = moved(press, at(100, 100));
    expect(isRightClick(press, at(100, 100, 2))).toBe(false);
    // A release far away without any move seen (a fast flick) is a drag too.
    expect(isRightClick(pressed(at(10, 10, 2)), at(60, 10, 2))).toBe(false);
  });

  it('follows the right button only, and only the pointer that pressed it', () => {
    expect(pressed(at(5, 5, 0))).toBeUndefined();
    expect(isRightClick(undefined, at(5, 5, 2))).toBe(false);
    const press = pressed(at(5, 5, 2, 7));
    expect(moved(press, at(90, 90, -1, 8))).toBe(press);
    expect(isRightClick(press, at(5, 5, 2, 8))).toBe(false);
    expect(isRightClick(press, at(5, 5, 0, 7))).toBe(false);
  });
});
