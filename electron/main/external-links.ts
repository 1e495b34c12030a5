/**
 * Opening pages in the system browser: only https URLs on hosts Kiln knows (the platform's top-up
 * and key pages). Anything else is refused, so no page content can make Kiln launch an arbitrary
 * URL or scheme handler.
 */
import { shell } from 'electron';

/** True when `url` is https, without credentials, on one of `allowedHosts`. */
export function isAllowedExternalUrl(url: string, allowedHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    !parsed.username &&
    !parsed.password &&
    allowedHosts.includes(parsed.hostname.toLowerCase())
  );
}

/** Opens `url` in the system browser when the allow-list permits it; answers whether it did. */
export async function openExternalSafely(
  url: string,
  allowedHosts: readonly string[],
): Promise<boolean> {
  if (!isAllowedExternalUrl(url, allowedHosts)) return false;
  // electronegativity-justified: OPEN_EXTERNAL_JS_CHECK — reached only after the https +
  // host allow-list check above.
  await shell.openExternal(url);
  return true;
}
