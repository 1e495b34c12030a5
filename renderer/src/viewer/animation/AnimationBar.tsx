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

  useEffect(() => {
    const show = (t: number): void => {
      if (scrub.current) {
        scrub.current.value = String(t);
        scrub.current.setAttribute(
          'aria-valuetext',
          `${t.toFixed(2)} of ${duration.toFixed(2)} seconds`,
        );
      }
      if (time.current) time.current.textContent = `${t.toFixed(2)} / ${duration.toFixed(2)} s`;
    };
    show(controller.time);
    return controller.onTime(show);
  }, [controller, duration]);

  return (
    <div
      className="kiln-viewer__animation"
      role="group"
      aria-label="Animation"
      data-testid="viewer-animation"
      data-playing={snap.playing}
      data-clip={clip?.name}
    >
      <label className="kiln-viewer__select">
        <span className="kiln-viewer__sr">Clip</span>
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
        label={snap.playing ? 'Pause' : 'Play'}
        testId="viewer-play"
        pressed={snap.playing}
        onClick={() => (snap.playing ? controller.pause() : controller.play())}
      />
      <input
        ref={scrub}
        type="range"
        className="kiln-viewer__scrub"
        data-testid="viewer-scrub"
        aria-label="Time"
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
        <span className="kiln-viewer__sr">Speed</span>
        <select
          data-testid="viewer-speed"
          value={snap.speed}
          title="Playback speed"
          onChange={(e) => controller.setSpeed(Number(e.currentTarget.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <ToolButton
        icon="loop"
        label="Loop"
        testId="viewer-loop"
        pressed={snap.loop}
        onClick={() => controller.setLoop(!snap.loop)}
      />
      <ToolButton
        icon="skeleton"
        label="Skeleton overlay"
        testId="viewer-skeleton"
        pressed={skeleton}
        onClick={() => onSkeleton(!skeleton)}
      />
    </div>
  );
}
