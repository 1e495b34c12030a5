import { Grid } from '@react-three/drei';
import type { JSX } from 'react';

/** Props of {@link GroundGrid}. */
export interface GroundGridProps {
  /** Size of one cell in scene units (a real-world step times the model's placement scale). */
  readonly cell: number;
}

/**
 * A ground grid in real-world steps: thin cells every `cell`, stronger lines every ten cells,
 * fading out with distance so it never competes with the model.
 */
export function GroundGrid({ cell }: GroundGridProps): JSX.Element {
  return (
    <Grid
      position={[0, -0.001, 0]}
      args={[10, 10]}
      cellSize={cell}
      sectionSize={cell * 10}
      cellThickness={0.6}
      sectionThickness={1.1}
      cellColor="#3b4048"
      sectionColor="#5d636d"
      fadeDistance={7}
      fadeStrength={1.5}
      infiniteGrid
    />
  );
}
