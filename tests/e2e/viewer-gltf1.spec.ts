/**
 * glTF 1.0 files (a `.gltf` declaring `asset.version: "1.0"`, and a binary glTF 1.0 with the
 * `glTF` magic and version 1) dropped on the viewer: refused with a sentence that says what the
 * file is, that Kiln reads glTF 2.0, and how to convert it, with the file's own name.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import { ViewerPage } from '../support/viewer-page';

/** A glTF 1.0 scene as exporters wrote it in 2016: objects keyed by id, one triangle. */
const GLTF1 = {
  asset: { version: '1.0', generator: 'collada2gltf@1.0' },
  scene: 'defaultScene',
  scenes: { defaultScene: { nodes: ['node'] } },
  nodes: { node: { meshes: ['mesh'] } },
  meshes: { mesh: { primitives: [{ attributes: { POSITION: 'pos' }, mode: 4 }] } },
  accessors: {
    pos: { bufferView: 'view', byteOffset: 0, componentType: 5126, count: 3, type: 'VEC3' },
  },
  bufferViews: { view: { buffer: 'binary_glTF', byteLength: 36, target: 34962 } },
  buffers: { binary_glTF: { byteLength: 36, type: 'arraybuffer', uri: 'data:,' } },
  extensionsUsed: ['KHR_binary_glTF'],
};

/** The same scene as a binary glTF 1.0 (KHR_binary_glTF): a 20-byte header, JSON, then the body. */
function binaryGltf1(): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(GLTF1).padEnd(4 * 200, ' '));
  const body = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const bytes = new Uint8Array(20 + json.byteLength + body.byteLength);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('glTF'), 0);
  view.setUint32(4, 1, true);
  view.setUint32(8, bytes.byteLength, true);
  view.setUint32(12, json.byteLength, true);
  view.setUint32(16, 0, true); // content format: JSON
  bytes.set(json, 20);
  bytes.set(new Uint8Array(body.buffer), 20 + json.byteLength);
  return bytes;
}

test('glTF 1.0, as JSON and as binary: named as such, with how to convert it', async ({ kiln }) => {
  const viewer = new ViewerPage(kiln.page);
  const error = viewer.control('viewer-error');

  await viewer.drop({
    name: 'old chair.gltf',
    bytes: new TextEncoder().encode(JSON.stringify(GLTF1)),
  });
  await expect(viewer.root).toHaveAttribute('data-viewer-state', 'error');
  await expect(error).toContainText(
    'it is a glTF 1.0 file, an older format that Kiln does not read',
  );
  await expect(error).toContainText('Kiln reads glTF 2.0');
  await expect(error).toContainText(
    'gltf-pipeline -i "old chair.gltf" -o "old chair-gltf2.glb" and open "old chair-gltf2.glb"',
  );
  await expect(error).not.toContainText('Export or download it again');

  await viewer.drop({ name: 'lamp.glb', bytes: binaryGltf1() });
  await expect(viewer.root).toHaveAttribute('data-model-name', 'lamp.glb');
  await expect(viewer.root).toHaveAttribute('data-viewer-state', 'error');
  await expect(error).toContainText('it is a glTF 1.0 file');
  await expect(error).toContainText('gltf-pipeline -i lamp.glb -o lamp-gltf2.glb');
  await expect(error).not.toContainText('Legacy binary');

  // A glTF 2.0 file opens as ever afterwards.
  await viewer.open(await coffeeModel());
  await expect(error).toHaveCount(0);
});
