/**
 * What the preflight says about the photos of a flow, next to its price: the verdict in plain
 * words, the object cut out as the check found it, and the suggested crop to accept. Never a
 * block: the paid button beside it works whatever this says. For several photos (a batch), how
 * many were checked, how many have a warning, and a way to leave those out before paying.
 * The chunk of this component (and the worker it starts) loads only when a photo is chosen.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { PhotoPreflight, PreflightWarningKind } from '../../../../shared/preflight/types';
import { GOOD_VERDICT } from '../../../../shared/preflight/verdict';
import { viewWarnings } from '../../../../shared/preflight/views';
import {
  checkPhoto,
  cropPhoto,
  forget,
  preflightOf,
  previewOf,
  snapshot,
  subscribe,
  warmUp,
} from './preflight-client';
import { whenViewerQuiet } from '../../ui/foreground';
import { ProgressBar } from '../../ui/ProgressBar';
import './preflight.css';

/** A warning's short name in a batch's list of flagged photos. */
const WARNING_NAMES: Readonly<Record<PreflightWarningKind, MessageDescriptor>> = {
  resolution: msg`resolution`,
  blur: msg`blur`,
  exposure: msg`exposure`,
  'cut-off': msg`cut off`,
  'multiple-objects': msg`multiple objects`,
  clutter: msg`clutter`,
  'no-object': msg`no object`,
  'views-mismatch': msg`views mismatch`,
  'views-order': msg`views order`,
};

/** Longest side of the cut-out on screen, in CSS pixels. */
const CUTOUT_SIDE = 160;
/** The colour of the suggested crop's outline on the cut-out. */
const CROP_OUTLINE_COLOUR = '#f5b342';

/** A photo as the flows hold it. */
interface Photo {
  readonly id: string;
  readonly file: File;
}

/** Props of {@link PreflightNote}. */
export interface PreflightNoteProps {
  photos: readonly Photo[];
  /** The photos are views of one object (front first): also check that they match. */
  views?: boolean;
  /**
   * Replaces a photo by its accepted crop (a new file; the original file is untouched). Without
   * it no crop is offered.
   */
  onUseCrop?(photo: Photo, cropped: File): void;
  /** Leaves photos out (a batch's flagged ones). */
  onLeaveOut?(ids: readonly string[]): void;
}

/** The preflight of a flow's photos. */
export default function PreflightNote({
  photos,
  views,
  onUseCrop,
  onLeaveOut,
}: PreflightNoteProps) {
  useSyncExternalStore(subscribe, snapshot);
  const { i18n, t } = useLingui();
  // Only this flow's removed photos are forgotten: another flow's checks stay for its return.
  const shown = useRef<ReadonlySet<string>>(new Set());
  // The flow is on screen: have the worker ready before its first photo arrives (at an idle
  // moment once the viewer is quiet, where the artist lets Kiln prepare in the background).
  useEffect(() => whenViewerQuiet(warmUp), []);
  useEffect(() => {
    const ids = new Set(photos.map((p) => p.id));
    forget([...shown.current].filter((id) => !ids.has(id)));
    shown.current = ids;
    // A batch's photos are listed, not shown: their checks send no preview.
    const onScreen = photos.length === 1 || views === true;
    for (const p of photos) checkPhoto(p.id, p.file, { preview: onScreen });
  }, [photos, views]);
  if (!photos.length) return null;
  if (photos.length === 1 || views) {
    const done = photos.map((p) => ({ p, s: preflightOf(p.id) }));
    const results = done.flatMap(({ p, s }) =>
      s?.status === 'done' ? [{ name: p.file.name, preflight: s.result }] : [],
    );
    const setWarnings = views && results.length === photos.length ? viewWarnings(results) : [];
    return (
      <section className="preflight" aria-label={t`Photo check`} data-testid="preflight">
        {done.map(({ p, s }) => (
          <PhotoVerdict
            key={p.id}
            photo={p}
            result={s?.status === 'done' ? s.result : undefined}
            preview={previewOf(p.id)}
            failed={s?.status === 'failed'}
            named={photos.length > 1}
            onUseCrop={onUseCrop}
          />
        ))}
        {setWarnings.map((w) => (
          <p
            key={w.kind}
            className="preflight-warning"
            data-testid="preflight-views-warning"
            data-kind={w.kind}
          >
            {i18n._(w.words)}
          </p>
        ))}
      </section>
    );
  }
  return <BatchSummary photos={photos} onLeaveOut={onLeaveOut} />;
}

function PhotoVerdict({
  photo,
  result,
  preview,
  failed,
  named,
  onUseCrop,
}: {
  photo: Photo;
  result: PhotoPreflight | undefined;
  preview: ImageBitmap | undefined;
  failed: boolean;
  named: boolean;
  onUseCrop: PreflightNoteProps['onUseCrop'];
}) {
  const { i18n, t } = useLingui();
  const state = failed ? 'failed' : result ? 'done' : 'checking';
  const warned = !!result?.warnings.length;
  return (
    <div
      className="preflight-photo"
      data-testid="preflight-verdict"
      data-state={state}
      data-warnings={result?.warnings.map((w) => w.kind).join(' ') ?? ''}
    >
      {result?.mask && preview ? <CutOut photo={photo} result={result} preview={preview} /> : null}
      <div className="preflight-words">
        {named ? <strong className="photo-name">{photo.file.name}</strong> : null}
        {state === 'checking' ? (
          <p className="muted">
            <Trans>Checking the photo…</Trans>
          </p>
        ) : null}
        {state === 'failed' ? (
          <p className="muted">
            <Trans>This photo could not be checked; it can still be used.</Trans>
          </p>
        ) : null}
        {result && !warned ? <p className="preflight-good">{i18n._(GOOD_VERDICT)}</p> : null}
        {result?.warnings.map((w) => (
          <p key={w.kind} className="preflight-warning" data-kind={w.kind}>
            {i18n._(w.words)}
          </p>
        ))}
        {warned ? (
          <p className="muted hint">
            <Trans>You can still generate anyway.</Trans>
          </p>
        ) : null}
        {result?.crop && onUseCrop ? (
          <button
            type="button"
            data-testid="preflight-use-crop"
            title={t`Makes a new photo cropped around the object; your file stays as it is`}
            onClick={() =>
              void cropPhoto(photo.file, result.crop!).then((file) => onUseCrop(photo, file))
            }
          >
            <Trans>Use the crop</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The photo with the background the check found dimmed away, and the suggested crop outlined,
 * drawn from the worker's small copy of the photo (decoding the photo itself here cost the page
 * 35–50 ms for a 12-megapixel photo, in the frame that shows the verdict).
 */
function CutOut({
  photo,
  result,
  preview,
}: {
  photo: Photo;
  result: PhotoPreflight;
  preview: ImageBitmap;
}) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const mask = result.mask!;
    const c = canvas.current;
    if (!c) return;
    const scale = Math.min(1, CUTOUT_SIDE / Math.max(preview.width, preview.height));
    c.width = Math.round(preview.width * scale);
    c.height = Math.round(preview.height * scale);
    const g = c.getContext('2d')!;
    const alpha = new ImageData(mask.width, mask.height);
    for (let i = 0; i < mask.data.length; i++) alpha.data[i * 4 + 3] = mask.data[i] ? 255 : 40;
    const small = new OffscreenCanvas(mask.width, mask.height);
    small.getContext('2d')!.putImageData(alpha, 0, 0);
    g.drawImage(small, 0, 0, c.width, c.height);
    g.globalCompositeOperation = 'source-in';
    g.drawImage(preview, 0, 0, c.width, c.height);
    g.globalCompositeOperation = 'source-over';
    if (result.crop) {
      g.strokeStyle = CROP_OUTLINE_COLOUR;
      g.setLineDash([4, 3]);
      const { x0, y0, x1, y1 } = result.crop;
      g.strokeRect(x0 * c.width, y0 * c.height, (x1 - x0) * c.width, (y1 - y0) * c.height);
    }
  }, [preview, result]);
  const name = photo.file.name;
  return (
    <canvas
      ref={canvas}
      className="preflight-cutout"
      data-testid="preflight-cutout"
      role="img"
      aria-label={
        result.crop
          ? t`What the service will see in ${name}: the object cut out, with the suggested crop outlined`
          : t`What the service will see in ${name}: the object cut out`
      }
    />
  );
}

function BatchSummary({ photos, onLeaveOut }: Pick<PreflightNoteProps, 'photos' | 'onLeaveOut'>) {
  const { i18n, t } = useLingui();
  const states = photos.map((p) => ({ p, s: preflightOf(p.id) }));
  const checked = states.filter(({ s }) => s && s.status !== 'checking').length;
  const flagged = states.filter(({ s }) => s?.status === 'done' && s.result.warnings.length);
  const busy = checked < photos.length;
  const total = photos.length;
  const count = flagged.length;
  const list = flagged
    .map(({ p, s }) => {
      const name = p.file.name;
      const kinds =
        s?.status === 'done'
          ? s.result.warnings.map((w) => i18n._(WARNING_NAMES[w.kind])).join(', ')
          : '';
      return t`“${name}” (${kinds})`;
    })
    .join(', ');
  return (
    <section
      className="preflight"
      aria-label={t`Photo check`}
      data-testid="preflight-batch"
      data-state={busy ? 'checking' : 'done'}
      data-flagged={flagged.length}
    >
      {busy ? (
        <div className="preflight-progress">
          <p>
            <Trans>
              Checking photos… {checked} of {total}
            </Trans>
          </p>
          <ProgressBar label={t`Photos checked`} percent={(checked / Math.max(1, total)) * 100} />
        </div>
      ) : null}
      {flagged.length ? (
        <>
          <p className="preflight-warning">
            {plural(count, {
              one: `# of ${total} photos has a warning: ${list}.`,
              other: `# of ${total} photos have a warning: ${list}.`,
            })}
          </p>
          {onLeaveOut ? (
            <button
              type="button"
              data-testid="preflight-leave-out"
              onClick={() => onLeaveOut(flagged.map(({ p }) => p.id))}
            >
              {plural(count, { one: 'Leave it out', other: 'Leave the # out' })}
            </button>
          ) : null}
        </>
      ) : !busy ? (
        <p className="preflight-good">
          <Trans>Every photo looks good.</Trans>
        </p>
      ) : null}
    </section>
  );
}
