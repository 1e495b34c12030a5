import { BoxGeometry, Group, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_LAYER } from '../layers';
import { ALL_PARTS_VISIBLE, applyPartsView, indexParts } from './parts';

function split() {
  const root = new Group();
  root.name = 'mug';
  const names = ['top', 'left', 'core', 'left', ''];
  for (const name of names) {
    const mesh = new Mesh(new BoxGeometry());
    mesh.name = name;
    root.add(mesh);
  }
  return root;
}

describe('indexParts', () => {
  it('names parts after their nodes, numbering repeats and unnamed ones', () => {
    const { parts } = indexParts(split());
    expect(parts.map((p) => p.name)).toEqual(['top', 'left', 'core', 'left (2)', 'Part 5']);
    expect(parts.every((p) => p.triangles === 12)).toBe(true);
  });
});

describe('applyPartsView', () => {
  it('hides, isolates and highlights by id', () => {
    const index = indexParts(split());
    const [top, left, core] = index.parts.map((p) => p.id);
    const object = (id: string | undefined) => index.objects.get(id!)!;

    applyPartsView(index, { ...ALL_PARTS_VISIBLE, hidden: new Set([left!]) });
    expect(object(left).visible).toBe(false);
    expect(object(top).visible).toBe(true);

    applyPartsView(index, { hidden: new Set([left!]), isolated: left!, highlighted: core! });
    expect(object(left).visible).toBe(true);
    expect(object(top).visible).toBe(false);
    expect(object(core).layers.isEnabled(HIGHLIGHT_LAYER)).toBe(true);

    applyPartsView(index, ALL_PARTS_VISIBLE);
    expect([...index.objects.values()].every((o) => o.visible)).toBe(true);
    expect(object(core).layers.isEnabled(HIGHLIGHT_LAYER)).toBe(false);
  });
});
