import { describe, expect, it } from 'vitest';
import {
  cameraAngle,
  clipTime,
  frameCount,
  optionsError,
  recordingFileName,
  SWING_DEGREES,
  type TurntableOptions,
} from './turntable-plan';

const base: TurntableOptions = {
  format: 'webm-vp9',
  width: 1920,
  height: 1080,
  fps: 30,
  duration: 4,
  motion: 'turn',
  clip: false,
  background: 'environment',
  colour: '#1d2027',
};

describe('turntable plan', () => {
  it('numbers frames by length and rate', () => {
    expect(frameCount(base)).toBe(120);
    expect(frameCount({ duration: 2, fps: 24 })).toBe(48);
    expect(frameCount({ duration: 20, fps: 60 })).toBe(1200);
  });

  it('turns once round, one step short of the start, so the video loops', () => {
    expect(cameraAngle('turn', 0, 120)).toBe(0);
    expect(cameraAngle('turn', 30, 120)).toBeCloseTo(Math.PI / 2);
    expect(cameraAngle('turn', 119, 120)).toBeCloseTo(2 * Math.PI - (2 * Math.PI) / 120);
  });

  it('swings out and back within its angle; a still camera does not move', () => {
    const max = (SWING_DEGREES * Math.PI) / 180;
    expect(cameraAngle('swing', 0, 100)).toBe(0);
    expect(cameraAngle('swing', 25, 100)).toBeCloseTo(max);
    expect(cameraAngle('swing', 75, 100)).toBeCloseTo(-max);
    expect(cameraAngle('still', 40, 100)).toBe(0);
  });

  it('loops a clip over the recording', () => {
    expect(clipTime(0, 30, 1.5)).toBe(0);
    expect(clipTime(30, 30, 1.5)).toBeCloseTo(1);
    expect(clipTime(60, 30, 1.5)).toBeCloseTo(0.5);
    expect(clipTime(10, 30, 0)).toBe(0);
  });

  it('says what cannot be recorded', () => {
    expect(optionsError(base, false)).toBeNull();
    expect(optionsError({ ...base, duration: 1 }, false)).toMatch(/2 to 20 seconds/);
    expect(optionsError({ ...base, duration: 21 }, false)).toMatch(/2 to 20 seconds/);
    expect(optionsError({ ...base, width: 3840, height: 2160 }, false)).toMatch(/1920 × 1080/);
    expect(optionsError({ ...base, format: 'mp4-h264', background: 'transparent' }, false)).toMatch(
      /no transparency/,
    );
    expect(optionsError({ ...base, format: 'webm-vp9', background: 'transparent' }, false)).toBe(
      null,
    );
    expect(optionsError({ ...base, format: 'gif', fps: 60 }, false)).toMatch(/24 or 30/);
    expect(optionsError({ ...base, motion: 'still', clip: true }, false)).toMatch(/still camera/);
    expect(optionsError({ ...base, motion: 'still', clip: true }, true)).toBeNull();
  });

  it('names the file after the model, the motion and the size', () => {
    expect(recordingFileName('Red Mug!.glb', base)).toBe('kiln-Red-Mug-turntable-1920x1080.webm');
    expect(recordingFileName('cup', { ...base, motion: 'swing', format: 'gif' })).toBe(
      'kiln-cup-swing-1920x1080.gif',
    );
    expect(recordingFileName('robot', { ...base, motion: 'still', format: 'mp4-h264' })).toBe(
      'kiln-robot-clip-1920x1080.mp4',
    );
  });
});
