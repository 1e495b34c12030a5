/**
 * The viewer's icons, from the app's one icon set (lucide, as `ui/Icon.tsx`): bundled with the
 * viewer's lazy chunk, so no icon font or image is shipped or fetched, and only the icons named
 * here are.
 */
import {
  Bone,
  Boxes,
  Camera,
  ChartColumn,
  Box,
  Columns2,
  Eye,
  EyeOff,
  Focus,
  FolderOpen,
  Grid3x3,
  HeartPulse,
  Image,
  PanelLeft,
  PanelTop,
  Pause,
  Play,
  Repeat,
  Rotate3d,
  RotateCcw,
  RulerDimensionLine,
  Scan,
  Square,
  Sunset,
  Video,
  X,
  type LucideIcon,
} from 'lucide-react';

export const ICONS = {
  open: FolderOpen,
  fit: Scan,
  reset: RotateCcw,
  // The view presets: a face on, a side, from above, a box at three-quarters.
  front: Square,
  side: PanelLeft,
  top: PanelTop,
  threeQuarter: Box,
  turntable: Rotate3d,
  grid: Grid3x3,
  shadow: Sunset,
  dimensions: RulerDimensionLine,
  scene: Image,
  stats: ChartColumn,
  parts: Boxes,
  compare: Columns2,
  capture: Camera,
  close: X,
  health: HeartPulse,
  record: Video,
  play: Play,
  pause: Pause,
  loop: Repeat,
  skeleton: Bone,
  eye: Eye,
  eyeOff: EyeOff,
  isolate: Focus,
} as const satisfies Record<string, LucideIcon>;

/** Name of a viewer icon. */
export type IconName = keyof typeof ICONS;
