import { msg } from '@lingui/core/macro';
import { MathUtils } from 'three';
import type { ViewPreset } from './fit-camera';
import type { ViewNudge } from '../viewer-types';

const ORBIT_STEP = MathUtils.degToRad(15);
const TILT_STEP = MathUtils.degToRad(10);
const PAN_STEP = 0.08;
const ZOOM_STEP = 0.85;

/** Accessible name of the focusable 3D stage; it lists the keys {@link keyboardStep} knows. */
export const STAGE_LABEL = msg`3D model view. Drag to orbit, right-drag to pan, scroll to zoom. Arrow keys orbit, Shift with arrow keys pans, plus and minus zoom, F fits the model, Home resets the view, 1 front, 3 side, 7 top, 5 three-quarter view, T turntable.`;

/** What a key does: a camera step, a framing command, a view preset, or the turntable. */
export type KeyAction = ViewNudge | 'fit' | 'reset' | 'turntable' | { readonly preset: ViewPreset };

/**
 * What a key pressed on the focused stage does, or null to let it through (Tab, Space, …).
 * Pointer users have OrbitControls; these give keyboard users the same moves.
 */
export function keyboardStep(key: string, shift: boolean): KeyAction | null {
  switch (key) {
    case 'ArrowLeft':
      return shift ? { kind: 'pan', x: -PAN_STEP, y: 0 } : { kind: 'orbit', x: -ORBIT_STEP, y: 0 };
    case 'ArrowRight':
      return shift ? { kind: 'pan', x: PAN_STEP, y: 0 } : { kind: 'orbit', x: ORBIT_STEP, y: 0 };
    case 'ArrowUp':
      return shift ? { kind: 'pan', x: 0, y: PAN_STEP } : { kind: 'orbit', x: 0, y: -TILT_STEP };
    case 'ArrowDown':
      return shift ? { kind: 'pan', x: 0, y: -PAN_STEP } : { kind: 'orbit', x: 0, y: TILT_STEP };
    case '+':
    case '=':
      return { kind: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / ZOOM_STEP };
    case 'f':
    case 'F':
      return 'fit';
    case 'Home':
      return 'reset';
    // Blender's numpad keys, on the main row too.
    case '1':
      return { preset: 'front' };
    case '3':
      return { preset: 'side' };
    case '7':
      return { preset: 'top' };
    case '5':
      return { preset: 'three-quarter' };
    case 't':
    case 'T':
      return 'turntable';
    default:
      return null;
  }
}
