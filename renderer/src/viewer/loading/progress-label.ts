import { t } from '@lingui/core/macro';
import { formatBytes } from '../../../../shared/format';
import type { LoadProgress } from './load-model';
import { DECODE_AT, DOWNLOAD_END, UPLOAD_AT } from './progress-stages';

/** Percent for the progress bar, or null while the download size is unknown. */
export function progressPercent(progress: LoadProgress): number | null {
  switch (progress.stage) {
    case 'download':
      if (!progress.total) return null;
      return Math.min(DOWNLOAD_END, Math.floor((progress.loaded / progress.total) * DOWNLOAD_END));
    case 'decode':
      return DECODE_AT;
    case 'upload':
      return UPLOAD_AT;
  }
}

/** The stage line under the bar: "Downloading 3.4 of 12 MB", "Decoding geometry", … */
export function stageLabel(progress: LoadProgress): string {
  switch (progress.stage) {
    case 'download':
      return downloadLabel(progress.loaded, progress.total);
    case 'decode':
      return t`Decoding geometry and textures`;
    case 'upload':
      return t`Preparing for display`;
  }
}

/** "Downloading", then the bytes so far (and of how many, when the size is known). */
function downloadLabel(loadedBytes: number, totalBytes: number | undefined): string {
  if (loadedBytes === 0) return t`Downloading`;
  const loaded = formatBytes(loadedBytes);
  if (!totalBytes) return t`Downloading ${loaded}`;
  const total = formatBytes(totalBytes);
  return t`Downloading ${loaded} of ${total}`;
}
