/**
 * Page module of the viewer's Health panel, and a defective model to drop on it: a box with a
 * hole and a flipped triangle, written as a real GLB with glTF-Transform.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { expect, type Locator } from '@playwright/test';
import { box } from '../../renderer/src/viewer/health/test-meshes';
import type { FixtureModel } from './fixture-models';
import type { ViewerPage } from './viewer-page';

/** A 10 cm box missing its top face, with one side triangle wound the wrong way. */
export function defectiveBox(): Promise<FixtureModel> {
  return boxGlb('broken-box.glb', box([0, 0, 0], [0.1, 0.1, 0.1], { without: [3], flip: [9] }));
}

/** A square plate 30 mm wide and 0.3 mm thick, standing up: a wall too thin to print. */
export function thinPlate(): Promise<FixtureModel> {
  return boxGlb('thin-plate.glb', box([0, 0, 0], [0.03, 0.03, 0.0003]));
}

async function boxGlb(name: string, mesh: ReturnType<typeof box>): Promise<FixtureModel> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = doc.createAccessor().setType('VEC3').setArray(mesh.positions).setBuffer(buffer);
  const uv = doc.createAccessor().setType('VEC2').setArray(mesh.uv).setBuffer(buffer);
  const indices = doc.createAccessor().setType('SCALAR').setArray(mesh.index).setBuffer(buffer);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setAttribute('TEXCOORD_0', uv)
    .setIndices(indices)
    .setMaterial(doc.createMaterial('clay').setBaseColorFactor([0.8, 0.7, 0.6, 1]));
  const node = doc.createNode('box').setMesh(doc.createMesh('box').addPrimitive(primitive));
  doc.createScene('scene').addChild(node);
  return { name, bytes: await new NodeIO().writeBinary(doc) };
}

/** The Health panel of a viewer. */
export class HealthPage {
  constructor(readonly viewer: ViewerPage) {}

  /** Opens the panel and waits for the check of the model on screen. */
  async open(): Promise<Locator> {
    await this.viewer.tab('health');
    const panel = this.panel;
    await expect(panel).toHaveAttribute('data-health-state', 'ready', { timeout: 60_000 });
    return panel;
  }

  get panel(): Locator {
    return this.viewer.control('health-panel');
  }

  /** A fact of the report ("triangles", "holes", …). */
  fact(key: string): Locator {
    return this.panel.getByTestId(`health-fact-${key}`);
  }

  verdict(purpose: 'print' | 'engines'): Locator {
    return this.panel.getByTestId(`health-verdict-${purpose}`);
  }

  /** Waits for the printability check to answer for the current form. */
  async printed(): Promise<void> {
    await expect(this.panel).toHaveAttribute('data-print-state', 'ready', { timeout: 60_000 });
  }
}
