import { t } from '@lingui/core/macro';
import {
  AnimationMixer,
  LoopOnce,
  LoopRepeat,
  type AnimationAction,
  type AnimationClip,
  type Object3D,
} from 'three';

/** What the animation bar shows; a new object whenever anything but the time changes. */
export interface AnimationSnapshot {
  readonly clips: ReadonlyArray<{ readonly name: string; readonly duration: number }>;
  /** Index of the selected clip. */
  readonly clip: number;
  readonly playing: boolean;
  /** Playback rate, 1 = real time. */
  readonly speed: number;
  readonly loop: boolean;
}

/** Longest step one frame may advance, so a stalled frame does not jump the pose. */
const MAX_STEP = 0.25;

/**
 * Plays a rigged model's clips: one selected clip, play/pause, scrub, speed and loop. Lives as
 * long as the model (animation state stays out of the app store) and is driven by the render
 * loop through {@link tick}, which says whether another frame is needed, so the demand frame
 * loop renders only while something moves.
 */
export class AnimationController {
  readonly #root: Object3D;
  readonly #mixer: AnimationMixer;
  readonly #actions: AnimationAction[];
  #snapshot: AnimationSnapshot;
  readonly #listeners = new Set<() => void>();
  readonly #timeListeners = new Set<(time: number) => void>();
  /** The first tick after play measures the idle time before it: it must not advance. */
  #resumed = false;

  constructor(root: Object3D, clips: readonly AnimationClip[]) {
    this.#root = root;
    this.#mixer = new AnimationMixer(root);
    this.#actions = clips.map((clip) => this.#mixer.clipAction(clip));
    this.#snapshot = {
      clips: clips.map((c) => ({ name: c.name || t`Clip`, duration: c.duration })),
      clip: 0,
      playing: false,
      speed: 1,
      loop: true,
    };
    this.#mixer.addEventListener('finished', this.#onFinished);
    this.#start(0);
  }

  /** The current state, for `useSyncExternalStore`. */
  readonly getSnapshot = (): AnimationSnapshot => this.#snapshot;

  /** Calls `listener` when the snapshot changes (not on every frame). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Calls `listener` with the time of the selected clip after every step or seek. */
  onTime(listener: (time: number) => void): () => void {
    this.#timeListeners.add(listener);
    return () => this.#timeListeners.delete(listener);
  }

  /** Seconds into the selected clip. */
  get time(): number {
    return this.#actions[this.#snapshot.clip]?.time ?? 0;
  }

  /** Length of the selected clip in seconds. */
  get duration(): number {
    return this.#snapshot.clips[this.#snapshot.clip]?.duration ?? 0;
  }

  /** Selects clip `index`, keeping play state, from its start. */
  select(index: number): void {
    if (index === this.#snapshot.clip || !this.#actions[index]) return;
    this.#actions[this.#snapshot.clip]?.stop();
    this.#start(index);
    this.#set({ clip: index });
  }

  play(): void {
    const action = this.#actions[this.#snapshot.clip];
    if (!action) return;
    // A finished one-shot clip starts again from the top.
    if (!this.#snapshot.loop && action.time >= this.duration) action.time = 0;
    action.enabled = true;
    action.paused = false;
    if (!action.isRunning()) action.play();
    this.#resumed = true;
    this.#set({ playing: true });
  }

  pause(): void {
    const action = this.#actions[this.#snapshot.clip];
    if (action) action.paused = true;
    this.#set({ playing: false });
  }

  /** Moves to `time` seconds in the selected clip and poses the model there. */
  seek(time: number): void {
    const action = this.#actions[this.#snapshot.clip];
    if (!action) return;
    action.time = Math.min(Math.max(time, 0), this.duration);
    this.#mixer.update(0);
    this.#emitTime();
  }

  setSpeed(speed: number): void {
    const s = Math.min(4, Math.max(0.1, speed));
    this.#mixer.timeScale = s;
    this.#set({ speed: s });
  }

  setLoop(loop: boolean): void {
    this.#actions.forEach((a) => this.#configureLoop(a, loop));
    this.#set({ loop });
  }

  /** Advances by `delta` seconds of wall time; true while playing (another frame is wanted). */
  tick(delta: number): boolean {
    if (!this.#snapshot.playing) return false;
    const step = this.#resumed ? 0 : Math.min(Math.max(delta, 0), MAX_STEP);
    this.#resumed = false;
    this.#mixer.update(step);
    this.#emitTime();
    return this.#snapshot.playing;
  }

  /** Stops everything and releases the mixer's caches for the model. */
  dispose(): void {
    this.#mixer.removeEventListener('finished', this.#onFinished);
    this.#mixer.stopAllAction();
    this.#mixer.uncacheRoot(this.#root);
    this.#listeners.clear();
    this.#timeListeners.clear();
  }

  #start(index: number): void {
    const action = this.#actions[index];
    if (!action) return;
    this.#configureLoop(action, this.#snapshot.loop);
    action.reset();
    action.paused = !this.#snapshot.playing;
    action.play();
    this.#mixer.update(0);
    this.#emitTime();
  }

  #configureLoop(action: AnimationAction, loop: boolean): void {
    action.setLoop(loop ? LoopRepeat : LoopOnce, Infinity);
    action.clampWhenFinished = true;
  }

  readonly #onFinished = (): void => {
    this.pause();
    this.#emitTime();
  };

  #set(patch: Partial<AnimationSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #emitTime(): void {
    const time = this.time;
    for (const listener of this.#timeListeners) listener(time);
  }
}
