import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { keyboardStep, STAGE_LABEL } from './keyboard-steps';

describe('keyboardStep', () => {
  it('orbits with arrows and pans with Shift+arrows, in opposite pairs', () => {
    const left = keyboardStep('ArrowLeft', false) as { kind: string; x: number; y: number };
    const right = keyboardStep('ArrowRight', false) as { kind: string; x: number; y: number };
    expect(left.kind).toBe('orbit');
    expect(right.kind).toBe('orbit');
    expect(right.x).toBeGreaterThan(0);
    expect(left.x).toBe(-right.x);
    const up = keyboardStep('ArrowUp', false) as { kind: string; x: number; y: number };
    expect(up.y).toBeLessThan(0); // tilting up looks from higher: smaller polar angle
    expect(keyboardStep('ArrowUp', true)).toEqual({ kind: 'pan', x: 0, y: expect.any(Number) });
  });

  it('zooms in with plus and out with minus', () => {
    const zoomIn = keyboardStep('+', false) as { kind: string; factor: number };
    const zoomOut = keyboardStep('-', false) as { kind: string; factor: number };
    expect(zoomIn.kind).toBe('zoom');
    expect(zoomIn.factor).toBeLessThan(1);
    expect(zoomIn.factor * zoomOut.factor).toBeCloseTo(1, 10);
  });

  it('maps F and Home to the toolbar commands and lets other keys through', () => {
    expect(keyboardStep('f', false)).toBe('fit');
    expect(keyboardStep('Home', false)).toBe('reset');
    expect(keyboardStep('Tab', false)).toBeNull();
    expect(keyboardStep(' ', false)).toBeNull();
  });

  it('maps number keys to view presets and T to the turntable', () => {
    expect(keyboardStep('1', false)).toEqual({ preset: 'front' });
    expect(keyboardStep('7', false)).toEqual({ preset: 'top' });
    expect(keyboardStep('t', false)).toBe('turntable');
  });

  it('documents every shortcut in the stage label', () => {
    for (const word of [
      'Arrow keys',
      'Shift',
      'plus',
      'minus',
      'F ',
      'Home',
      '1 front',
      'T turntable',
    ]) {
      expect(i18n._(STAGE_LABEL)).toContain(word);
    }
  });
});
