/**
 * Opening pages in the system browser: only https URLs of origins Kiln knows (the platform's
 * top-up and key pages, as bound to the key: see the key service). Anything else is refused, so no
 * page content can make Kiln launch an arbitrary URL or scheme handler.
 */
import { shell } from 'electron';

/** True when `url` is https, without credentials, on one of `allowedOrigins`. */
export function isAllowedExternalUrl(url: string, allowedOrigins: readonly string[]): boolean {
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
    allowedOrigins.includes(parsed.origin)
  );
}

/** Opens `url` in the system browser when the allow-list permits it; answers whether it did. */
export async function openExternalSafely(
  url: string,
  allowedOrigins: readonly string[],
): Promise<boolean> {
  if (!isAllowedExternalUrl(url, allowedOrigins)) return false;
  // electronegativity-justified: OPEN_EXTERNAL_JS_CHECK — reached only after the https +
  // host allow-list check above.
  await shell.openExternal(url);
  return true;
}
