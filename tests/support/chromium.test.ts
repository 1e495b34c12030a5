import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from './chromium';

describe('findChromium', () => {
  const only =
    (...files: string[]) =>
    (file: string) =>
      files.includes(file);

  it('takes CHROMIUM_PATH first', () => {
    const mac = '/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(findChromium({ CHROMIUM_PATH: mac }, only(mac, DEBIAN_CHROMIUM))).toBe(mac);
  });

  it('refuses a CHROMIUM_PATH that names no file, saying what to do', () => {
    expect(() => findChromium({ CHROMIUM_PATH: 'C:\\missing\\chrome.exe' }, only())).toThrow(
      /does not exist.*npx playwright install chromium/,
    );
  });

  it("falls back to Debian's Chromium, then to Playwright's own", () => {
    expect(findChromium({}, only(DEBIAN_CHROMIUM))).toBe(DEBIAN_CHROMIUM);
    expect(findChromium({}, only())).toBeUndefined();
  });
});
