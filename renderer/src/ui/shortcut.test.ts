import { describe, expect, it } from 'vitest';
import { ariaShortcut, formatShortcut, matchesShortcut, parseShortcut } from './shortcut';

const key = (o: Partial<KeyboardEvent>) => ({
  key: ',',
  code: 'Comma',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...o,
});

describe('shortcuts', () => {
  it('Ctrl+, or ⌘, is the settings shortcut and nothing else', () => {
    const settings = parseShortcut('CmdOrCtrl+,');
    expect(matchesShortcut(settings, key({ ctrlKey: true }))).toBe(true);
    expect(matchesShortcut(settings, key({ metaKey: true }))).toBe(true);
    // A layout where the comma key types something else still has the key's code.
    expect(matchesShortcut(settings, key({ key: ';', ctrlKey: true }))).toBe(true);
    expect(matchesShortcut(settings, key({}))).toBe(false);
    expect(matchesShortcut(settings, key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matchesShortcut(settings, key({ ctrlKey: true, key: '.', code: 'Period' }))).toBe(false);
  });

  it('tells Ctrl+Shift+P from Ctrl+P, and a plain key from one with Ctrl', () => {
    const palette = parseShortcut('CmdOrCtrl+Shift+P');
    expect(
      matchesShortcut(palette, key({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true })),
    ).toBe(true);
    expect(matchesShortcut(palette, key({ key: 'p', code: 'KeyP', ctrlKey: true }))).toBe(false);
    const fit = parseShortcut('F');
    expect(matchesShortcut(fit, key({ key: 'f', code: 'KeyF' }))).toBe(true);
    expect(matchesShortcut(fit, key({ key: 'F', code: 'KeyF', shiftKey: true }))).toBe(true);
    expect(matchesShortcut(fit, key({ key: 'f', code: 'KeyF', ctrlKey: true }))).toBe(false);
    expect(matchesShortcut(parseShortcut('Home'), key({ key: 'Home', code: 'Home' }))).toBe(true);
  });

  it('writes a shortcut as each platform does, and for aria-keyshortcuts', () => {
    expect(formatShortcut('CmdOrCtrl+Shift+P', false)).toBe('Ctrl+Shift+P');
    expect(formatShortcut('CmdOrCtrl+Shift+P', true)).toBe('⇧⌘P');
    expect(formatShortcut('CmdOrCtrl+/', false)).toBe('Ctrl+/');
    expect(formatShortcut('Home', false)).toBe('Home');
    expect(ariaShortcut('CmdOrCtrl+K')).toBe('Control+K Meta+K');
    expect(ariaShortcut('F')).toBe('F');
  });
});
