import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_IDS, COMMANDS, type CommandSpec } from '../../../../shared/commands';
import { commandForKey } from './use-command-keys';
import type { Command } from './use-commands';

/**
 * A stand-in element (the unit suite runs in Node): `closest` finds it for any selector that
 * names one of `within`, as a real element inside those would be found.
 */
class FakeElement {
  constructor(readonly within: readonly string[] = []) {}
  closest(selector: string) {
    return this.within.some((part) => selector.includes(part)) ? this : null;
  }
}
beforeAll(() => {
  (globalThis as { Element?: unknown }).Element ??= FakeElement;
});
const body = new FakeElement();

const commands: Command[] = COMMAND_IDS.map((id) => ({
  id,
  ...(COMMANDS[id] as CommandSpec),
  label: COMMANDS[id].label.message,
  enabled: true,
  run: () => {},
}));

function press(o: Partial<KeyboardEvent> & { target?: EventTarget | null }) {
  return commandForKey(commands, {
    code: '',
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: body as unknown as EventTarget,
    key: '',
    ...o,
  })?.id;
}

describe('the window’s shortcut keys', () => {
  it('open the palette with Ctrl+K and Ctrl+Shift+P, even from a text field', () => {
    const field = new FakeElement(['input']) as unknown as EventTarget;
    expect(press({ key: 'k', code: 'KeyK', ctrlKey: true })).toBe('palette.open');
    expect(press({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true, target: field })).toBe(
      'palette.open',
    );
    expect(press({ key: '/', code: 'Slash', metaKey: true })).toBe('shortcuts.show');
  });

  it('give the viewer its plain keys wherever the focus is not in a text field', () => {
    const button = new FakeElement(['button']) as unknown as EventTarget;
    const field = new FakeElement(['textarea']) as unknown as EventTarget;
    const cell = new FakeElement(['[role="grid"]']) as unknown as EventTarget;
    const tab = new FakeElement(['[role="tablist"]']) as unknown as EventTarget;
    const option = new FakeElement(['[role="listbox"]']) as unknown as EventTarget;
    expect(press({ key: 'f', code: 'KeyF', target: button })).toBe('view.fit');
    expect(press({ key: '7', code: 'Digit7' })).toBe('view.top');
    expect(press({ key: 'f', code: 'KeyF', target: field })).toBeUndefined();
    expect(press({ key: 'Home', code: 'Home', target: cell })).toBeUndefined();
    expect(press({ key: 'Home', code: 'Home', target: button })).toBe('view.reset');
    expect(press({ key: 't', code: 'KeyT', target: tab })).toBe('view.turntable');
    expect(press({ key: 't', code: 'KeyT', target: option })).toBeUndefined();
    // The viewer's stage handled it already.
    expect(press({ key: 'f', code: 'KeyF', defaultPrevented: true })).toBeUndefined();
  });

  it('undo with Ctrl/⌘+Z outside text fields (a dialog too); a text field keeps it for its typing', () => {
    const field = new FakeElement(['input']) as unknown as EventTarget;
    const dialog = new FakeElement(['[role="dialog"]']) as unknown as EventTarget;
    expect(press({ key: 'z', code: 'KeyZ', ctrlKey: true })).toBe('edit.undo');
    expect(press({ key: 'z', code: 'KeyZ', metaKey: true, target: dialog })).toBe('edit.undo');
    expect(press({ key: 'z', code: 'KeyZ', ctrlKey: true, target: field })).toBeUndefined();
  });

  it('redo with Ctrl/⌘+Shift+Z or Ctrl+Y outside text fields; a text field keeps both', () => {
    const field = new FakeElement(['input']) as unknown as EventTarget;
    expect(press({ key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true })).toBe('edit.redo');
    expect(press({ key: 'z', code: 'KeyZ', metaKey: true, shiftKey: true })).toBe('edit.redo');
    expect(press({ key: 'y', code: 'KeyY', ctrlKey: true })).toBe('edit.redo');
    expect(
      press({ key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true, target: field }),
    ).toBeUndefined();
    expect(press({ key: 'y', code: 'KeyY', ctrlKey: true, target: field })).toBeUndefined();
  });

  it('bind every declared command to one shortcut at most once', () => {
    const keys = commands.flatMap((c) => [c.shortcut, ...(c.alsoShortcuts ?? [])]).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
