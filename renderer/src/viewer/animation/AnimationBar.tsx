import { Trans, useLingui } from '@lingui/react/macro';
import { formatFixed, formatNumber } from '../../../../shared/format';
import { useEffect, useRef, useSyncExternalStore, type JSX } from 'react';
import type { AnimationController } from './animation-controller';
import { ToolButton } from '../panels/ToolButton';

/** Props of {@link AnimationBar}. */
export interface AnimationBarProps {
  readonly controller: AnimationController;
  /** Skeleton overlay on or off. */
  readonly skeleton: boolean;
  readonly onSkeleton: (on: boolean) => void;
}

const SPEEDS = [0.25, 0.5, 1, 1.5, 2];

/**
 * Playback of a rigged model's clips: clip list, play/pause, scrub, speed, loop and the skeleton
 * overlay. The time display follows playback by writing the DOM directly, so playing a clip does
 * not re-render React every frame.
 */
export function AnimationBar({ controller, skeleton, onSkeleton }: AnimationBarProps): JSX.Element {
  const snap = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const scrub = useRef<HTMLInputElement>(null);
  const time = useRef<HTMLOutputElement>(null);
  const clip = snap.clips[snap.clip];
  const duration = clip?.duration ?? 0;
  const { t } = useLingui();

  useEffect(() => {
    const total = formatFixed(duration, 2);
    const show = (seconds: number): void => {
      const now = formatFixed(seconds, 2);
      if (scrub.current) {
        scrub.current.value = String(seconds);
        scrub.current.setAttribute('aria-valuetext', t`${now} of ${total} seconds`);
      }
      if (time.current) time.current.textContent = t`${now} / ${total} s`;
    };
    show(controller.time);
    return controller.onTime(show);
  }, [controller, duration, t]);

  return (
    <div
      className="kiln-viewer__animation"
      role="group"
      aria-label={t`Animation`}
      data-testid="viewer-animation"
      data-playing={snap.playing}
      data-clip={clip?.name}
    >
      <label className="kiln-viewer__select">
        <span className="kiln-viewer__sr">
          <Trans>Clip</Trans>
        </span>
        <select
          data-testid="viewer-clip"
          value={snap.clip}
          onChange={(e) => controller.select(Number(e.currentTarget.value))}
        >
          {snap.clips.map((c, i) => (
            <option key={i} value={i}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <ToolButton
        icon={snap.playing ? 'pause' : 'play'}
        label={snap.playing ? t`Pause` : t`Play`}
        testId="viewer-play"
        pressed={snap.playing}
        onClick={() => (snap.playing ? controller.pause() : controller.play())}
      />
      <input
        ref={scrub}
        type="range"
        className="kiln-viewer__scrub"
        data-testid="viewer-scrub"
        aria-label={t`Time`}
        min={0}
        max={duration}
        step={0.01}
        defaultValue={0}
        onInput={(e) => {
          controller.pause();
          controller.seek(Number(e.currentTarget.value));
        }}
      />
      <output ref={time} className="kiln-viewer__time" data-testid="viewer-time" />
      <label className="kiln-viewer__select">
        <span className="kiln-viewer__sr">
          <Trans>Speed</Trans>
        </span>
        <select
          data-testid="viewer-speed"
          value={snap.speed}
          title={t`Playback speed`}
          onChange={(e) => controller.setSpeed(Number(e.currentTarget.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {formatNumber(s, 2)}×
            </option>
          ))}
        </select>
      </label>
      <ToolButton
        icon="loop"
        label={t`Loop`}
        testId="viewer-loop"
        pressed={snap.loop}
        onClick={() => controller.setLoop(!snap.loop)}
      />
      <ToolButton
        icon="skeleton"
        label={t`Skeleton overlay`}
        testId="viewer-skeleton"
        pressed={skeleton}
        onClick={() => onSkeleton(!skeleton)}
      />
    </div>
  );
}
