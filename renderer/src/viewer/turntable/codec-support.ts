/**
 * Which formats this machine can encode, asked of the platform's own encoders (WebCodecs'
 * `VideoEncoder.isConfigSupported`, through mediabunny) at the size asked: Chromium builds differ
 * (Debian's encodes VP9, AV1 and H.264; others lack H.264), and an encoder may refuse a size.
 * GIF is encoded in JavaScript and always works.
 */
import { t } from '@lingui/core/macro';
import { formatOf, type FormatId } from './turntable-plan';

/** Whether a format can be recorded here, and why not. */
export interface FormatSupport {
  readonly supported: boolean;
  /** A sentence for the user when it is not. */
  readonly reason?: string;
}

const memo = new Map<string, Promise<FormatSupport>>();

/** Can `format` be encoded at `width` × `height` on this machine? */
export function formatSupport(
  format: FormatId,
  width: number,
  height: number,
): Promise<FormatSupport> {
  const key = `${format} ${width}x${height}`;
  let answer = memo.get(key);
  if (!answer) {
    answer = probe(format, width, height);
    memo.set(key, answer);
  }
  return answer;
}

async function probe(format: FormatId, width: number, height: number): Promise<FormatSupport> {
  const f = formatOf(format);
  const name = f.formatName;
  if (!f.codec) return { supported: true };
  if (typeof VideoEncoder === 'undefined') {
    return {
      supported: false,
      reason: t`${name} needs a video encoder (WebCodecs), which this window does not have: record a GIF instead.`,
    };
  }
  // mediabunny is fetched with the first recording, not with the viewer (its own chunk).
  const { canEncodeVideo } = await import('mediabunny');
  const ok = await canEncodeVideo(f.codec, { width, height }).catch(() => false);
  if (ok) return { supported: true };
  return {
    supported: false,
    reason:
      f.codec === 'avc'
        ? t`This platform has no H.264 encoder for ${width} × ${height}: record WebM (VP9) or a GIF instead.`
        : t`This platform cannot encode ${name} at ${width} × ${height}: choose another format or a smaller size.`,
  };
}
