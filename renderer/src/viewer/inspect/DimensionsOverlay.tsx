import { Html } from '@react-three/drei';
import { useEffect, useMemo, type JSX } from 'react';
import {
  BufferGeometry,
  Float32BufferAttribute,
  LineBasicMaterial,
  Vector3,
  type Box3,
} from 'three';
import { t } from '@lingui/core/macro';
import { formatLength } from './units';
import type { LengthUnit } from '../viewer-settings';

/** Props of {@link DimensionsOverlay}. */
export interface DimensionsOverlayProps {
  /** The model's bounding box in its own units (metres). Place this inside the model's holder. */
  readonly box: Box3;
  readonly unit: LengthUnit;
}

/** The twelve edges of a box as line-segment positions. */
function boxEdges(box: Box3): Float32Array {
  const { min: a, max: b } = box;
  const c = [
    [a.x, a.y, a.z],
    [b.x, a.y, a.z],
    [b.x, b.y, a.z],
    [a.x, b.y, a.z],
    [a.x, a.y, b.z],
    [b.x, a.y, b.z],
    [b.x, b.y, b.z],
    [a.x, b.y, b.z],
  ] as const;
  const pairs = [0, 1, 1, 2, 2, 3, 3, 0, 4, 5, 5, 6, 6, 7, 7, 4, 0, 4, 1, 5, 2, 6, 3, 7];
  return new Float32Array(pairs.flatMap((i) => c[i]!));
}

/**
 * The model's bounding box drawn as thin lines, with its width, height and depth written at the
 * middle of a front-bottom, front-right and right-bottom edge, in the chosen unit.
 */
export function DimensionsOverlay({ box, unit }: DimensionsOverlayProps): JSX.Element {
  const geometry = useMemo(() => {
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(boxEdges(box), 3));
    return g;
  }, [box]);
  const material = useMemo(
    () =>
      new LineBasicMaterial({
        color: '#e8a25a',
        transparent: true,
        opacity: 0.8,
        depthTest: false,
        toneMapped: false,
      }),
    [],
  );
  useEffect(() => () => geometry.dispose(), [geometry]);
  useEffect(() => () => material.dispose(), [material]);

  const size = box.getSize(new Vector3());
  const { min, max } = box;
  const mid = box.getCenter(new Vector3());
  // The labels' titles with the global `t`: drei's <Html> renders outside this React tree.
  const width = formatLength(size.x, unit);
  const height = formatLength(size.y, unit);
  const depth = formatLength(size.z, unit);
  const labels: Array<[string, string, [number, number, number], string]> = [
    ['x', t`Width: ${width}`, [mid.x, min.y, max.z], width],
    ['y', t`Height: ${height}`, [max.x, mid.y, max.z], height],
    ['z', t`Depth: ${depth}`, [max.x, min.y, mid.z], depth],
  ];
  return (
    <>
      <lineSegments geometry={geometry} material={material} renderOrder={10} />
      {labels.map(([axis, title, position, length]) => (
        <Html key={axis} position={position} center zIndexRange={[20, 10]}>
          <span
            className="kiln-viewer__dimension"
            data-testid={`viewer-dimension-${axis}`}
            title={title}
          >
            {length}
          </span>
        </Html>
      ))}
    </>
  );
}
