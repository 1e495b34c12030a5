/**
 * Draco-compressed GLB (KHR_draco_mesh_compression), with glTF-Transform's `draco()` and the
 * draco3dgltf encoder.
 */
import { draco } from '@gltf-transform/functions';
import { readGlb, writeGlb } from './mesh';

/** The same model with Draco-compressed geometry. */
export async function dracoGlb(glb: Uint8Array): Promise<Uint8Array> {
  const doc = await readGlb(glb);
  await doc.transform(draco({ method: 'edgebreaker' }));
  return writeGlb(doc);
}
