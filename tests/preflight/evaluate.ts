/**
 * Runs the preflight over the labelled test set and scores it: per warning, precision and
 * recall; overall, the share of degraded photos flagged with the right reason and the share of
 * good photos flagged at all. The unit test enforces the targets; `table.ts` prints the README.
 */
import sharp from 'sharp';
import { preflightPhoto } from '../../shared/preflight/analyse';
import {
  WARNING_KINDS,
  type PhotoPreflight,
  type PreflightWarningKind,
} from '../../shared/preflight/types';
import { viewWarnings } from '../../shared/preflight/views';
import { POSES } from './render-views';
import { decodeForPreflight, modelViews, photoSamples, type Sample } from './test-set';

/** One sample's outcome. */
export interface Outcome {
  sample: Omit<Sample, 'photo'>;
  got: PreflightWarningKind[];
  ms: number;
}

/** Scores of the whole set. */
export interface Scores {
  outcomes: Outcome[];
  perWarning: { kind: PreflightWarningKind; tp: number; fp: number; fn: number }[];
  /** Degraded or defective photos flagged with (one of) their reasons / all of them. */
  degradedCaught: { hit: number; of: number };
  /** Good photos (and view sets) flagged with anything / all of them. */
  goodFlagged: { hit: number; of: number };
}

/** Checks every photo of the set, then the view sets built from them. */
export async function evaluate(): Promise<Scores> {
  const outcomes: Outcome[] = [];
  const byName = new Map<string, PhotoPreflight>();
  for (const s of photoSamples()) {
    const input = await decodeForPreflight(await s.photo);
    const t = performance.now();
    const result = preflightPhoto(input);
    const ms = performance.now() - t;
    byName.set(s.name, result);
    const { photo: _photo, ...sample } = s;
    outcomes.push({ sample, got: result.warnings.map((w) => w.kind), ms });
  }
  for (const [name, photo] of modelViews())
    byName.set(name, preflightPhoto(await decodeForPreflight(await photo)));
  for (const set of viewSets()) {
    const views = set.views.map((name) => ({ name, preflight: byName.get(name)! }));
    outcomes.push({
      sample: { name: set.name, group: 'views', expect: set.expect },
      got: viewWarnings(views).map((w) => w.kind),
      ms: 0,
    });
  }
  return score(outcomes);
}

/**
 * View sets: the same cup from its two sides (the photo and its mirror image stand in for a turn
 * of the object) in several encodings, and sets where one view is of something else.
 */
function viewSets(): { name: string; views: string[]; expect: PreflightWarningKind[] }[] {
  return [
    { name: 'views-cup', views: ['coffee', 'coffee-mirrored'], expect: [] },
    {
      name: 'views-cup-jpeg',
      views: ['coffee-jpeg70', 'coffee-upright-mirrored-jpeg'],
      expect: [],
    },
    {
      name: 'views-cup-three',
      views: ['coffee', 'coffee-mirrored', 'coffee-brighter'],
      expect: [],
    },
    {
      name: 'views-cup-cat',
      views: ['coffee', 'coffee-mirrored', 'chelsea'],
      expect: ['views-mismatch'],
    },
    {
      name: 'views-cup-rocket',
      views: ['coffee', 'coffee-jpeg70', 'rocket'],
      expect: ['views-mismatch'],
    },
    {
      name: 'views-cup-astronaut',
      views: ['coffee-mirrored', 'astronaut', 'coffee-brighter'],
      expect: ['views-mismatch'],
    },
    { name: 'views-cup-coins', views: ['coffee', 'coins'], expect: ['views-mismatch'] },
    ...POSES.flatMap((pose) => modelViewSets(pose.name)),
  ];
}

/**
 * The rendered bison's views at one pose: in order (the front first: nothing to say), and
 * shuffled so that a side or the back comes first (the front is elsewhere: `views-order`).
 */
function modelViewSets(pose: string) {
  const v = (...sides: string[]) => sides.map((side) => `wuson-${pose}-${side}`);
  const set = (order: string, sides: string[], expect: PreflightWarningKind[]) => ({
    name: `views-bison-${pose}-${order}`,
    views: v(...sides),
    expect,
  });
  return [
    set('in-order', ['front', 'left', 'back', 'right'], []),
    set('front-right-back', ['front', 'right', 'back'], []),
    set('front-left', ['front', 'left'], []),
    set('left-first', ['left', 'front', 'back', 'right'], ['views-order']),
    set('right-first', ['right', 'back', 'left', 'front'], ['views-order']),
    set('back-first', ['back', 'left', 'front', 'right'], ['views-order']),
  ];
}

function score(outcomes: Outcome[]): Scores {
  const perWarning = WARNING_KINDS.map((kind) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const o of outcomes) {
      const truth = o.sample.expect.includes(kind) || !!o.sample.tolerate?.includes(kind);
      const flagged = o.got.includes(kind);
      if (flagged && truth) tp++;
      else if (flagged) fp++;
      else if (o.sample.expect.includes(kind)) fn++;
    }
    return { kind, tp, fp, fn };
  });
  const degraded = outcomes.filter((o) => o.sample.expect.length);
  const good = outcomes.filter((o) => !o.sample.expect.length);
  return {
    outcomes,
    perWarning,
    degradedCaught: {
      hit: degraded.filter((o) => o.sample.expect.some((k) => o.got.includes(k))).length,
      of: degraded.length,
    },
    goodFlagged: { hit: good.filter((o) => o.got.length).length, of: good.length },
  };
}

/** Keeps sharp from holding a thread per core on the busy machine. */
sharp.concurrency(1);
