import { describe, expect, it } from 'vitest';
import { formatLength, formatStep, gridStep } from './units';

describe('formatLength', () => {
  it('writes a generated mug in each unit', () => {
    expect(formatLength(0.2519, 'mm')).toBe('252 mm');
    expect(formatLength(0.2519, 'cm')).toBe('25.2 cm');
    expect(formatLength(0.2519, 'm')).toBe('0.252 m');
  });
  it('keeps small sizes readable and groups thousands', () => {
    expect(formatLength(0.0042, 'mm')).toBe('4.2 mm');
    expect(formatLength(1.25, 'mm')).toBe('1,250 mm');
    expect(formatLength(12.5, 'm')).toBe('12.5 m');
    expect(formatLength(0, 'cm')).toBe('0 cm');
  });
});

describe('gridStep', () => {
  it('gives about ten cells across the model', () => {
    expect(gridStep(0.25)).toBe(0.02);
    expect(gridStep(1.8)).toBe(0.2);
    expect(gridStep(0.01)).toBe(0.001);
    expect(gridStep(40)).toBe(5);
  });
  it('formats steps in the natural unit', () => {
    expect(formatStep(0.002)).toBe('2 mm');
    expect(formatStep(0.05)).toBe('5 cm');
    expect(formatStep(2)).toBe('2 m');
  });
});

describe('inches', () => {
  it('writes lengths in inches for users who chose them in Settings', () => {
    expect(formatLength(0.0254, 'in')).toBe('1.00 in');
    expect(formatLength(0.3048, 'in')).toBe('12.0 in');
  });
});
