import { AnimationClip, Object3D, VectorKeyframeTrack } from 'three';
import { describe, expect, it } from 'vitest';
import { AnimationController } from './animation-controller';

function rig() {
  const root = new Object3D();
  const slide = new AnimationClip('Slide', 2, [
    new VectorKeyframeTrack('.position', [0, 2], [0, 0, 0, 2, 0, 0]),
  ]);
  const lift = new AnimationClip('Lift', 1, [
    new VectorKeyframeTrack('.position', [0, 1], [0, 0, 0, 0, 1, 0]),
  ]);
  return { root, controller: new AnimationController(root, [slide, lift]) };
}

describe('AnimationController', () => {
  it('lists clips and starts paused on the first one', () => {
    const { controller } = rig();
    expect(controller.getSnapshot()).toMatchObject({
      clips: [
        { name: 'Slide', duration: 2 },
        { name: 'Lift', duration: 1 },
      ],
      clip: 0,
      playing: false,
    });
    expect(controller.tick(0.05)).toBe(false);
  });

  it('plays at the chosen speed and scrubs to a time', () => {
    const { root, controller } = rig();
    controller.setSpeed(2);
    controller.play();
    // The first frame after play only measures the pause before it.
    expect(controller.tick(5)).toBe(true);
    for (let i = 0; i < 6; i++) expect(controller.tick(0.05)).toBe(true);
    // 0.3 s of wall time at double speed.
    expect(root.position.x).toBeCloseTo(0.6, 5);
    controller.pause();
    controller.seek(1.5);
    expect(root.position.x).toBeCloseTo(1.5, 5);
    expect(controller.tick(0.05)).toBe(false);
  });

  it('stops at the end of a one-shot clip and notifies subscribers', () => {
    const { root, controller } = rig();
    let changes = 0;
    controller.subscribe(() => changes++);
    controller.select(1);
    controller.setLoop(false);
    controller.play();
    for (let i = 0; i < 40 && controller.tick(1 / 20); i++);
    expect(controller.getSnapshot().playing).toBe(false);
    expect(root.position.y).toBeCloseTo(1, 5);
    expect(changes).toBeGreaterThanOrEqual(4);
    controller.dispose();
  });
});
