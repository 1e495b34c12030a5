import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateFromPhoto } from '../../sandbox/generate';
import { ConvertError, MIN_BUDGET_TEXTURE, toCompatibleGlb } from './compatible-glb';
import { Converter } from './converter';
import { parseWithThree } from '../../../tests/support/three-parse';

// Draco/WASM instantiation and image re-encoding take a few seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

interface ValidationReport {
  issues: { numErrors: number; messages: Array<{ code: string; message: string }> };
}
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options?: object): Promise<ValidationReport>;
};
const photos = path.resolve(import.meta.dirname, '../../../../shared/photos');

/** Every glTF 2.0 importer must accept it: the Khronos validator reports no error. */
async function expectValid(glb: Uint8Array): Promise<void> {
  const report = await validator.validateBytes(glb, { maxIssues: 10 });
  expect(report.issues.messages.filter((m) => !m.code.startsWith('UNUSED'))).toEqual(
    expect.not.arrayContaining([expect.objectContaining({ severity: 0 })]),
  );
  expect(report.issues.numErrors).toBe(0);
}

const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
/** A reader that decodes Draco and meshopt too. */
const decodingIO = (async () => {
  const draco3d = createRequire(import.meta.url)('draco3dgltf') as {
    createDecoderModule(): Promise<unknown>;
  };
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'meshopt.decoder': MeshoptDecoder,
  });
})();

/**
 * A small rigged and animated model like the service's rig results: a quad skinned to two
 * joints with one clip, a WebP base colour with real transparency, a WebP normal map and a
 * WebP emissive map, and `EXT_texture_webp` required.
 */
async function riggedWebpModel(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (
    type: 'VEC2' | 'VEC3' | 'VEC4' | 'SCALAR' | 'MAT4',
    array: ArrayLike<number>,
    kind: 'f' | 'u8' | 'u16' = 'f',
  ) =>
    doc
      .createAccessor()
      .setType(type)
      .setArray(
        kind === 'u8'
          ? new Uint8Array(array)
          : kind === 'u16'
            ? new Uint16Array(array)
            : new Float32Array(array),
      )
      .setBuffer(buffer);
  const webp = (image: ReturnType<typeof sharp>) => image.webp({ quality: 90 }).toBuffer();
  const colour = await webp(
    sharp({
      create: {
        width: 64,
        height: 64,
        channels: 4,
        background: { r: 200, g: 40, b: 40, alpha: 0.5 },
      },
    }),
  );
  const normal = await webp(
    sharp({ create: { width: 32, height: 32, channels: 3, background: '#8080ff' } }),
  );
  const glow = await webp(
    sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffcc00' } }),
  );
  const texture = (name: string, bytes: Buffer) =>
    doc.createTexture(name).setImage(new Uint8Array(bytes)).setMimeType('image/webp');
  const material = doc
    .createMaterial('skin')
    .setAlphaMode('BLEND')
    .setBaseColorTexture(texture('albedo', colour))
    .setNormalTexture(texture('normal', normal))
    .setEmissiveTexture(texture('glow', glow))
    .setEmissiveFactor([1, 1, 1]);
  const prim = doc
    .createPrimitive()
    .setMaterial(material)
    .setIndices(accessor('SCALAR', [0, 1, 2, 2, 1, 3], 'u16'))
    .setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]))
    .setAttribute('NORMAL', accessor('VEC3', [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]))
    .setAttribute('TEXCOORD_0', accessor('VEC2', [0, 1, 1, 1, 0, 0, 1, 0]))
    .setAttribute(
      'JOINTS_0',
      accessor('VEC4', [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 'u8'),
    )
    .setAttribute('WEIGHTS_0', accessor('VEC4', [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]));
  const root = doc.createNode('Root');
  const tip = doc.createNode('Tip').setTranslation([0, 1, 0]);
  root.addChild(tip);
  const skin = doc
    .createSkin('rig')
    .setSkeleton(root)
    .addJoint(root)
    .addJoint(tip)
    .setInverseBindMatrices(
      accessor(
        'MAT4',
        [
          1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1,
          0, 1,
        ],
      ),
    );
  const body = doc
    .createNode('Body')
    .setMesh(doc.createMesh('quad').addPrimitive(prim))
    .setSkin(skin);
  doc.createScene('scene').addChild(root).addChild(body);
  const sampler = doc
    .createAnimationSampler()
    .setInput(accessor('SCALAR', [0, 1]))
    .setOutput(accessor('VEC4', [0, 0, 0, 1, 0, 0, 0.38, 0.92]))
    .setInterpolation('LINEAR');
  doc
    .createAnimation('Wave')
    .addSampler(sampler)
    .addChannel(
      doc.createAnimationChannel().setTargetNode(tip).setTargetPath('rotation').setSampler(sampler),
    );
  doc.createExtension(EXTTextureWebP).setRequired(true);
  return io.writeBinary(doc);
}

let generated: Uint8Array;
let rigged: Uint8Array;

beforeAll(async () => {
  const model = await generateFromPhoto(await readFile(path.join(photos, 'coffee.png')), {
    polyCount: 20_000,
    remesh: true,
    textureSize: 2048,
    textureFormat: 'webp',
    seed: 3,
  });
  generated = model.glb;
  rigged = await riggedWebpModel();
});

describe('toCompatibleGlb', () => {
  it('turns the service’s WebP-required GLB into one with a JPEG texture and no required extension', async () => {
    const before = await io.readBinary(generated);
    expect(
      before
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toEqual(['EXT_texture_webp']);

    const { glb, report } = await toCompatibleGlb(generated);

    await expectValid(glb);
    const json = JSON.parse(
      new TextDecoder().decode(
        glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true)),
      ),
    );
    expect(json.extensionsUsed ?? []).toEqual([]);
    expect(json.extensionsRequired ?? []).toEqual([]);
    expect(report.extensionsRequired).toEqual([]);
    expect(report.textures).toEqual([
      expect.objectContaining({ from: 'image/webp', to: 'image/jpeg', width: 2048, height: 2048 }),
    ]);
    // The geometry and UVs are the same data, not a re-made mesh.
    const after = await io.readBinary(glb);
    const attr = (doc: Document, name: string) =>
      Array.from(
        doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute(name)!.getArray()!,
      );
    expect(attr(after, 'TEXCOORD_0')).toEqual(attr(before, 'TEXCOORD_0'));
    expect(attr(after, 'POSITION')).toEqual(attr(before, 'POSITION'));
    // three.js (the viewer, and most web engines) parses it with its texture.
    const parsed = await parseWithThree(glb);
    expect(parsed.triangles).toBe(
      before
        .getRoot()
        .listAccessors()
        .find((a) => a.getType() === 'SCALAR')!
        .getCount() / 3,
    );
    expect(parsed.textures).toBe(1);
  });

  it('keeps skins, joints and clips, and picks PNG where alpha or data must stay exact', async () => {
    const { glb, report } = await toCompatibleGlb(rigged);
    await expectValid(glb);
    const doc = await io.readBinary(glb);
    const root = doc.getRoot();
    expect(root.listSkins().map((s) => s.listJoints().map((j) => j.getName()))).toEqual([
      ['Root', 'Tip'],
    ]);
    expect(root.listAnimations().map((a) => [a.getName(), a.listChannels().length])).toEqual([
      ['Wave', 1],
    ]);
    expect(root.listMaterials()[0]!.getAlphaMode()).toBe('BLEND');
    expect(Object.fromEntries(report.textures.map((t) => [t.name, t.to]))).toEqual({
      albedo: 'image/png', // its alpha is used
      normal: 'image/png', // data: lossless
      glow: 'image/jpeg', // opaque colour
    });
    const albedo = root.listTextures().find((t) => t.getName() === 'albedo')!;
    const { channels, hasAlpha } = await sharp(albedo.getImage()!).metadata();
    expect([channels, hasAlpha]).toEqual([4, true]);
    const parsed = await parseWithThree(glb);
    expect([parsed.skins, parsed.clips]).toEqual([1, ['Wave']]);
  });

  it('compresses with Draco or meshopt when asked, and the result still decodes to the same mesh', async () => {
    const plain = await toCompatibleGlb(generated);
    for (const compression of ['draco', 'meshopt'] as const) {
      const { glb, report } = await toCompatibleGlb(generated, { compression });
      await expectValid(glb);
      // meshopt quantizes attributes first, which needs KHR_mesh_quantization as well.
      expect([...report.extensionsRequired].sort()).toEqual(
        compression === 'draco'
          ? ['KHR_draco_mesh_compression']
          : ['EXT_meshopt_compression', 'KHR_mesh_quantization'],
      );
      expect(glb.byteLength).toBeLessThan(plain.glb.byteLength);
      // glTF-Transform decodes both; three's Draco decoder needs a browser worker, so only the
      // meshopt file is also parsed with three.js here.
      const indices = (bytes: Uint8Array) =>
        decodingIO
          .then((d) => d.readBinary(bytes))
          .then((d) => d.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getIndices()!.getCount());
      expect(await indices(glb)).toBe(await indices(plain.glb));
      if (compression === 'meshopt') {
        expect((await parseWithThree(glb)).triangles).toBe(
          (await parseWithThree(plain.glb)).triangles,
        );
      }
    }
  });

  it('decodes Draco input when plain output is asked for, so no decoder is required', async () => {
    const draco = await toCompatibleGlb(generated, { compression: 'draco' });
    const { glb, report } = await toCompatibleGlb(draco.glb);
    await expectValid(glb);
    expect(report.extensionsRequired).toEqual([]);
  });

  it('downsizes textures to a longest edge, and halves them until a size budget is met', async () => {
    const limited = await toCompatibleGlb(generated, { maxTextureSize: 512 });
    expect(limited.report.textures[0]).toMatchObject({ width: 512, height: 512 });

    const full = await toCompatibleGlb(generated);
    const doc = await io.readBinary(full.glb);
    const textureBytes = doc.getRoot().listTextures()[0]!.getImage()!.byteLength;
    // Geometry stays as it is: the budget can only be met by a smaller texture.
    const budget = full.report.bytes - Math.floor(textureBytes * 0.6);
    const fitted = await toCompatibleGlb(generated, { sizeBudgetBytes: budget });
    expect(fitted.report.withinBudget).toBe(true);
    expect(fitted.glb.byteLength).toBeLessThanOrEqual(budget);
    expect(fitted.report.textures[0]!.width).toBeLessThan(2048);
    await expectValid(fitted.glb);

    const impossible = await toCompatibleGlb(generated, { sizeBudgetBytes: 1000 });
    expect(impossible.report.withinBudget).toBe(false);
    expect(impossible.report.textures[0]!.width).toBe(MIN_BUDGET_TEXTURE);
  });

  it('refuses a file that is not a GLB with a sentence, not a stack', async () => {
    await expect(toCompatibleGlb(new TextEncoder().encode('not a model'))).rejects.toThrow(
      ConvertError,
    );
    await expect(toCompatibleGlb(new TextEncoder().encode('not a model'))).rejects.toThrow(
      /not a glTF 2\.0 binary Kiln can read/,
    );
  });
});

describe('Converter (worker thread)', () => {
  it('converts off the main thread, queues a second conversion, and stops its worker when closed', async () => {
    const converter = new Converter();
    try {
      const seen: number[] = [];
      const [a, b] = await Promise.all([
        converter.convert(generated, {}, { onProgress: (p) => seen.push(p) }),
        converter.convert(rigged),
      ]);
      // Progress comes from the worker as it goes, ending at 1.
      expect(seen.length).toBeGreaterThan(2);
      expect(seen).toEqual([...seen].sort((x, y) => x - y));
      expect(seen.at(-1)).toBe(1);
      expect(a.report.textures[0]!.to).toBe('image/jpeg');
      expect(b.report.textures.map((t) => t.to)).toEqual(['image/png', 'image/png', 'image/jpeg']);
      await expectValid(a.glb);
      await expect(converter.convert(new Uint8Array([1, 2, 3]))).rejects.toThrow(ConvertError);
    } finally {
      await converter.close();
    }
  });

  it('cancels: an aborted conversion rejects at once and the next one runs on a fresh worker', async () => {
    const converter = new Converter();
    try {
      const abort = new AbortController();
      const first = converter.convert(
        generated,
        { compression: 'draco' },
        { signal: abort.signal },
      );
      abort.abort(new Error('stopped by the user'));
      await expect(first).rejects.toThrow('stopped by the user');
      const next = await converter.convert(rigged);
      expect(next.report.textures).toHaveLength(3);
    } finally {
      await converter.close();
    }
  });
});
