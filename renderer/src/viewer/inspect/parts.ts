import type { Mesh, Object3D } from 'three';
import { t } from '@lingui/core/macro';
import { HIGHLIGHT_LAYER } from '../layers';
import { triangleCount } from './model-stats';

/** A named part of a model, as the outliner lists it. */
export interface ModelPart {
  /** Stable for the model's lifetime (the mesh's uuid). */
  readonly id: string;
  readonly name: string;
  readonly triangles: number;
}

/** A model's parts and the objects that draw each. */
export interface PartIndex {
  readonly parts: readonly ModelPart[];
  readonly objects: ReadonlyMap<string, Object3D>;
}

/**
 * Every mesh under `root` is a part, named after its glTF node: the split service writes one
 * node per part ("top", "left", "core", …). Meshes that GLTFLoader made from one node's several
 * primitives carry the node's name on their parent group, so fall back to that, then to a number.
 */
export function indexParts(root: Object3D): PartIndex {
  const parts: ModelPart[] = [];
  const objects = new Map<string, Object3D>();
  const seen = new Map<string, number>();
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh) return;
    const base = mesh.name || (mesh.parent !== root ? mesh.parent?.name : '') || '';
    const number = parts.length + 1;
    const label = base || t`Part ${number}`;
    // Repeated names get a counter, so every row of the outliner can be told apart.
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    parts.push({
      id: mesh.uuid,
      name: n > 1 ? `${label} (${n})` : label,
      triangles: mesh.geometry ? triangleCount(mesh.geometry) : 0,
    });
    objects.set(mesh.uuid, mesh);
  });
  return { parts, objects };
}

/** What the outliner asks: parts hidden by the user, one part isolated, one highlighted. */
export interface PartsView {
  readonly hidden: ReadonlySet<string>;
  readonly isolated: string | null;
  readonly highlighted: string | null;
}

/** No part hidden, isolated or highlighted. */
export const ALL_PARTS_VISIBLE: PartsView = {
  hidden: new Set(),
  isolated: null,
  highlighted: null,
};

/** Whether the part `id` is drawn: isolation shows only the isolated part, even if hidden. */
export function isPartVisible(view: PartsView, id: string): boolean {
  return view.isolated !== null ? view.isolated === id : !view.hidden.has(id);
}

/** Sets each part's visibility and highlight layer from `view`. */
export function applyPartsView(index: PartIndex, view: PartsView): void {
  for (const [id, object] of index.objects) {
    object.visible = isPartVisible(view, id);
    if (view.highlighted === id) object.layers.enable(HIGHLIGHT_LAYER);
    else object.layers.disable(HIGHLIGHT_LAYER);
  }
}
