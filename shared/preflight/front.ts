/**
 * Which view shows the object's front. Most things people turn into models (figures, animals,
 * vehicles, furniture, bottles) are mirror-symmetric left to right: seen from the front or the
 * back their outline is symmetric about a vertical axis, seen from a side it is not. So a set
 * whose first view is clearly less symmetric than another shows a side first. The outline cannot
 * tell a front from a back (they are mirror images of each other), and fine detail inside it did
 * not either on the test set's renders, so a back view first goes unnoticed. Measured per photo
 * (in the worker), compared across a set of views in `views.ts`.
 */
import type { Segmentation } from '../segmentation/segment';

/** What a view's object says about which side it shows. */
export interface FrontCues {
  /**
   * Intersection over union of the object's outline and its mirror image about the best
   * vertical axis near the outline's centroid, 0..1: near 1 for a front or back view.
   */
  symmetry: number;
}

/** How far from the centroid the mirror axis is looked for, as a share of the object's width. */
const AXIS_SEARCH = 0.15;

/** Intersection over union of the mask and its mirror image about the column `twice` / 2. */
function mirrorOverlap(
  mask: Uint8Array,
  width: number,
  bbox: Segmentation['bbox'],
  twice: number,
): number {
  let both = 0;
  let either = 0;
  for (let y = bbox.y0; y < bbox.y1; y++) {
    const row = y * width;
    for (let x = bbox.x0; x < bbox.x1; x++) {
      const mx = twice - x;
      const there = mx >= 0 && mx < width ? mask[row + mx]! : 0;
      both += mask[row + x]! & there;
      either += mask[row + x]! | there;
    }
  }
  return either ? both / either : 0;
}

/** Cues of one view from its segmentation (the object's outline at the analysis size). */
export function frontCues(seg: Segmentation): FrontCues {
  const { mask, width, bbox } = seg;
  let area = 0;
  let sumX = 0;
  for (let y = bbox.y0; y < bbox.y1; y++) {
    const row = y * width;
    for (let x = bbox.x0; x < bbox.x1; x++) {
      if (mask[row + x]) {
        area++;
        sumX += x;
      }
    }
  }
  if (!area) return { symmetry: 0 };
  // Mirror about the best axis near the centroid column, x ↦ 2c − x (c may fall between two
  // columns): a front taken slightly turned still finds its own axis.
  const centre = Math.round((2 * sumX) / area);
  const reach = Math.max(1, Math.round((bbox.x1 - bbox.x0) * AXIS_SEARCH));
  let symmetry = 0;
  for (let twice = centre - reach; twice <= centre + reach; twice++)
    symmetry = Math.max(symmetry, mirrorOverlap(mask, width, bbox, twice));
  return { symmetry };
}
