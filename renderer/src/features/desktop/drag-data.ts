/**
 * Chromium's drag-out of a file by URL: a `DownloadURL` item (`mime:name:url`) makes the browser
 * download the URL into the folder the user drops on. The browser host serves the file to its own
 * page only, so the URL carries the page's access token when the page has one.
 */
import type { DragSourceView } from '../../../../shared/ipc/contract';

/** What a browser drag of `source` carries. */
export interface DragData {
  /** `mime:name:url` for Chromium's `DownloadURL`. */
  readonly downloadUrl: string;
  /** The absolute URL, for `text/uri-list`. */
  readonly href: string;
}

/** The drag data for `source` seen from the page at `pageHref`, or undefined without a URL. */
export function dragData(source: DragSourceView, pageHref: string): DragData | undefined {
  if (!source.url) return undefined;
  const page = new URL(pageHref);
  const url = new URL(source.url, page);
  const token = page.searchParams.get('token');
  if (token && url.origin === page.origin) url.searchParams.set('token', token);
  // The name may not contain the separator; the MIME type never does.
  return {
    downloadUrl: `${source.mime}:${source.name.replace(/:/g, '_')}:${url.href}`,
    href: url.href,
  };
}
