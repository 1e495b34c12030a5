/**
 * Chromium's drag-out of a file by URL: a `DownloadURL` item (`mime:name:url`) makes the browser
 * download the URL into the folder the user drops on. The page that receives a drop can read the
 * drag data, so the URL is a one-time download ticket the host minted for this file (it carries
 * no credential of the page: never the start token, never the model file key).
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
  const url = new URL(source.url, pageHref);
  // The name may not contain the separator; the MIME type never does.
  return {
    downloadUrl: `${source.mime}:${source.name.replace(/:/g, '_')}:${url.href}`,
    href: url.href,
  };
}
