import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { SkeletonHelper, type LineBasicMaterial, type Object3D } from 'three';

/** Props of {@link SkeletonOverlay}. */
export interface SkeletonOverlayProps {
  /** The rigged model's root. */
  readonly root: Object3D;
}

/**
 * Draws the rig's bones as lines over the model (never hidden behind it), following the
 * animation. The helper's geometry and material are freed when it is turned off.
 */
export function SkeletonOverlay({ root }: SkeletonOverlayProps): null {
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    const helper = new SkeletonHelper(root);
    const material = helper.material as LineBasicMaterial;
    material.depthTest = false;
    material.depthWrite = false;
    material.transparent = true;
    material.toneMapped = false;
    helper.renderOrder = 11;
    scene.add(helper);
    invalidate();
    return () => {
      scene.remove(helper);
      helper.dispose();
      invalidate();
    };
  }, [root, scene, invalidate]);
  return null;
}
