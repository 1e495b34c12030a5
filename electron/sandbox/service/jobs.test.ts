/**
 * Export, print and post-processing jobs over HTTP (service-api.md §3.2, §4.10–§4.16): the job
 * state machine, links that expire, refunds, the website-model rule, and the files themselves.
 */
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildArtifact } from '../artifacts';
import { readGlb } from '../artifacts/mesh';
import {
  finishTask,
  photo,
  photoForm,
  startService,
  validateGlb,
  type TestService,
} from '../testing/test-support';

type Job = {
  status: string;
  url?: string;
  filename?: string;
  expires_in?: number;
  message?: string;
  model_id?: string;
  billing?: { cost_usd: string; balance_usd: string; charge_ids: string[] };
  detail?: unknown;
};

async function makeModel(service: TestService, name = 'coffee.png'): Promise<string> {
  const res = await service.json('/generate/cloud/fast?poly_count=10000&texture_size=1024&seed=1', {
    method: 'POST',
    body: photoForm(photo(name === 'chelsea.png' ? 'chelsea.png' : 'coffee.png'), name),
  });
  return (await finishTask(service, res.body.task_id as string)).model_id as string;
}

/** Calls a job URL until it is no longer running (the work runs; the clock is moved by hand). */
async function settle(service: TestService, url: string): Promise<{ status: number; body: Job }> {
  await service.sandbox.idle();
  return service.json<Job>(url);
}

async function download(service: TestService, job: Job): Promise<Uint8Array> {
  const res = await service.call(job.url!);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** xyz bounds of a binary STL. */
function stlBounds(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(80, true);
  expect(bytes.byteLength).toBe(84 + count * 50);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < count; t++) {
    for (let v = 0; v < 3; v++) {
      for (let k = 0; k < 3; k++) {
        const value = view.getFloat32(84 + t * 50 + 12 + v * 12 + k * 4, true);
        min[k] = Math.min(min[k]!, value);
        max[k] = Math.max(max[k]!, value);
      }
    }
  }
  return { count, min, max, size: max.map((m, k) => m - min[k]!) };
}

describe('job state machine', () => {
  let service: TestService;
  let modelId: string;
  beforeAll(async () => {
    // Every build can be made now; a retopo as FBX is made to fail here to see the error path.
    const builder: typeof buildArtifact = (operation, input) =>
      operation === 'retopo' && input.params.format === 'fbx'
        ? Promise.reject(new Error('the remesher stopped'))
        : buildArtifact(operation, input);
    service = await startService({ jobSeconds: 5, linkSeconds: 300 }, { builder });
    modelId = await makeModel(service);
  });
  afterAll(() => service.close());

  it('export glb answers ready at once with a short-lived link, free', async () => {
    const before = service.sandbox.ledger().length;
    const res = await service.json<Job>(`/model/${modelId}/export`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', filename: 'coffee.glb', expires_in: 300 });
    expect(res.body.billing).toBeUndefined();
    expect(res.headers.get('x-service-cost-usd')).toBeNull();
    const glb = await download(service, res.body);
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
    expect(service.sandbox.ledger()).toHaveLength(before);
  });

  it('export glb with a texture that changes the file is a (free) conversion; realistic is not', async () => {
    const realistic = await service.json<Job>(`/model/${modelId}/export?texture=realistic`);
    expect(realistic).toMatchObject({ status: 200, body: { status: 'ready' } });
    const url = `/model/${modelId}/export?format=glb&texture=generative`;
    const first = await service.json<Job>(url);
    expect(first.status).toBe(202);
    expect(first.body.billing).toBeUndefined();
    await service.sandbox.idle();
    service.clock.advance(5000);
    const ready = await service.json<Job>(url);
    expect(ready.body).toMatchObject({ status: 'ready', filename: 'coffee.glb' });
    const glb = await download(service, ready.body);
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
    const image = (await readGlb(glb)).getRoot().listTextures()[0]!.getImage()!;
    const stored = await download(service, realistic.body);
    const original = (await readGlb(stored)).getRoot().listTextures()[0]!.getImage()!;
    expect((await sharp(image).metadata()).width).toBe((await sharp(original).metadata()).width);
    expect(Buffer.from(image).equals(Buffer.from(original))).toBe(false);
  });

  it('a paid build: 202 running (charged once, billing headers = body), 202 again, then 200 ready', async () => {
    const url = `/model/${modelId}/retopo?faces=1020`;
    const first = await service.json<Job>(url);
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('running');
    expect(first.body.billing).toMatchObject({ cost_usd: '0.25' });
    expect(first.headers.get('x-service-cost-usd')).toBe(first.body.billing!.cost_usd);
    expect(first.headers.get('x-service-balance-usd')).toBe(first.body.billing!.balance_usd);
    const charges = service.sandbox.ledger().filter((e) => e.type === 'charge').length;

    await service.sandbox.idle();
    // Same normalised parameters (980 and 1020 both round to 1000 faces) = the same job.
    const again = await service.json<Job>(`/model/${modelId}/retopo?faces=980`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'running' });
    expect(again.body.billing).toBeUndefined();

    service.clock.advance(5000);
    const ready = await service.json<Job>(url);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      filename: 'coffee-retopo-1000.glb',
      expires_in: 300,
    });
    const glb = await download(service, ready.body);
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
    const doc = await readGlb(glb);
    const triangles =
      doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getIndices()!.getCount() / 3;
    expect(triangles).toBeLessThanOrEqual(2000 * 1.5);
    expect(triangles).toBeGreaterThan(500);
    expect(service.sandbox.ledger().filter((e) => e.type === 'charge')).toHaveLength(charges);
  });

  it('an expired link answers 410; the identical call then gives a fresh link to the stored result, free', async () => {
    const url = `/model/${modelId}/export?format=stl`;
    await service.json(url);
    const ready = await settle(service, url);
    service.clock.advance(5000);
    const first = (await service.json<Job>(url)).body;
    expect(first.status).toBe('ready');
    expect((await service.call(first.url!)).status).toBe(200);

    service.clock.advance(120_000);
    const later = (await service.json<Job>(url)).body;
    expect(later.url).toBe(first.url);
    expect(later.expires_in).toBe(180);

    service.clock.advance(181_000);
    const expired = await service.json(first.url!);
    expect(expired.status).toBe(410);
    expect(typeof expired.body.detail).toBe('string');
    const ledger = service.sandbox.ledger().length;
    const fresh = await service.json<Job>(url);
    expect(fresh.status).toBe(200);
    expect(fresh.body.url).not.toBe(first.url);
    expect(fresh.body.expires_in).toBe(300);
    expect((await service.call(fresh.body.url!)).status).toBe(200);
    expect(service.sandbox.ledger()).toHaveLength(ledger);
    expect(ready.status).toBe(202);
  });

  it('a failed paid build answers 200 error with a message and refunds the charge', async () => {
    // The sandbox logs unexpected build failures; this one is expected.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const balance = service.sandbox.balance();
    const url = `/model/${modelId}/retopo?format=fbx`;
    const first = await service.json<Job>(url);
    expect(first.status).toBe(202);
    expect(first.body.billing?.cost_usd).toBe('0.25');
    expect(service.sandbox.ledger().some((e) => e.id === first.body.billing!.charge_ids[0])).toBe(
      true,
    );
    await service.sandbox.idle();
    service.clock.advance(5000);
    const failed = await service.json<Job & { refund: { charge_id: string } }>(url);
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('error');
    expect(failed.body.message).toBe('The build failed: the remesher stopped');
    expect(failed.body.refund.charge_id).toBe(first.body.billing!.charge_ids[0]);
    expect(service.sandbox.balance()).toBe(balance);
    const refunds = service.sandbox.ledger().filter((e) => e.type === 'refund');
    expect(refunds.at(-1)).toMatchObject({
      chargeId: first.body.billing!.charge_ids[0],
      amountUsd: '0.25',
    });
    // Asked again soon, the same error (nothing charged); after a minute a new build starts.
    expect((await service.json<Job>(url)).body.status).toBe('error');
    expect(service.sandbox.balance()).toBe(balance);
    service.clock.advance(61_000);
    const retry = await service.json<Job>(url);
    expect(retry.status).toBe(202);
    expect(retry.body.billing?.cost_usd).toBe('0.25');
    await service.sandbox.idle();
    expect(log).toHaveBeenCalledWith('sandbox: build failed', expect.any(Error));
    log.mockRestore();
  });

  it('unknown models and downloads answer 404 in the plain shape', async () => {
    expect(await service.json('/model/nope')).toMatchObject({
      status: 404,
      body: { detail: 'Model not found' },
    });
    expect(await service.json('/model/nope/export')).toMatchObject({
      status: 404,
      body: { detail: 'Model not found' },
    });
    expect(await service.json('/model/nope/rig?kind=generic')).toMatchObject({ status: 404 });
    expect((await service.json('/files/jobs/nope/abc/x.glb')).status).toBe(404);
    expect(await service.json('/model/nope/make/origami')).toMatchObject({
      status: 404,
      body: { detail: { error: 'feature_off' } },
    });
  });
});

describe('job parameters (422)', () => {
  let service: TestService;
  let modelId: string;
  beforeAll(async () => {
    service = await startService();
    modelId = await makeModel(service);
  });
  afterAll(() => service.close());

  it.each([
    ['export?format=dwg', ['query', 'format'], 'literal_error'],
    ['export?texture=huge', ['query', 'texture'], 'literal_error'],
    ['print?length_mm=29', ['query', 'length_mm'], 'greater_than_equal'],
    ['print?length_mm=401', ['query', 'length_mm'], 'less_than_equal'],
    ['print?format=obj', ['query', 'format'], 'literal_error'],
    ['print?hollow=perhaps', ['query', 'hollow'], 'bool_parsing'],
    ['print?colors=0', ['query', 'colors'], 'greater_than_equal'],
    ['print?colors=9', ['query', 'colors'], 'less_than_equal'],
    ['print?palette=red,blue', ['query', 'palette'], 'string_pattern_mismatch'],
    [`print?palette=${'%23aabbcc,'.repeat(10)}%23aabbcc`, ['query', 'palette'], 'string_too_long'],
    [
      'print?palette=%23000000,%23111111,%23222222,%23333333,%23444444,%23555555,%23666666,%23777777,%23888888',
      ['query', 'palette'],
      'value_error',
    ],
    ['retopo?faces=499', ['query', 'faces'], 'greater_than_equal'],
    ['retopo?faces=100001', ['query', 'faces'], 'less_than_equal'],
    ['retopo?texture=333', ['query', 'texture'], 'literal_error'],
    ['retopo?interior=hollow', ['query', 'interior'], 'literal_error'],
    ['retopo?format=obj', ['query', 'format'], 'literal_error'],
    ['rig', ['query', 'kind'], 'missing'],
    ['rig?kind=dragon', ['query', 'kind'], 'literal_error'],
    ['gamepack?engine=cryengine', ['query', 'engine'], 'literal_error'],
    ['gamepack?units=mm', ['query', 'units'], 'literal_error'],
    ['gamepack?lod=ultra', ['query', 'lod'], 'literal_error'],
    ['gamepack?collider=sphere', ['query', 'collider'], 'literal_error'],
    ['gamepack?size_m=0', ['query', 'size_m'], 'greater_than'],
    ['gamepack?size_m=1000.5', ['query', 'size_m'], 'less_than_equal'],
    ['gamepack?size_m=big', ['query', 'size_m'], 'float_parsing'],
  ])('%s → 422 %j %s', async (route, loc, type) => {
    const res = await service.json<{
      detail: Array<{ loc: unknown[]; type: string; msg: string }>;
    }>(`/model/${modelId}/${route}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc, type });
  });

  it('validates before looking the model up, like FastAPI', async () => {
    expect((await service.json('/model/nope/rig')).status).toBe(422);
  });

  it('accepts the range ends and a palette, which sets colors', async () => {
    for (const route of [
      'print?length_mm=30',
      'print?length_mm=400&format=3mf',
      'print?format=3mf&palette=%23ff0000,%20%2300FF00',
      'retopo?faces=500',
      'retopo?faces=100000',
      'gamepack?size_m=1000',
      'gamepack?size_m=0.001&units=cm',
      'export?texture=2048&format=obj',
      'export?texture=generative',
    ]) {
      expect([200, 202]).toContain((await service.call(`/model/${modelId}/${route}`)).status);
    }
    await service.sandbox.idle();
    const painted = await service.json<Job>(
      `/model/${modelId}/print?format=3mf&palette=%23FF0000,%2300ff00&colors=5`,
    );
    expect(painted.body.filename).toMatch(/2colours\.3mf$/);
  });
});

describe('job outputs are real files of their format', () => {
  let service: TestService;
  let modelId: string;
  beforeAll(async () => {
    service = await startService();
    modelId = await makeModel(service, 'chelsea.png');
  });
  afterAll(() => service.close());

  const build = async (route: string) => {
    const url = `/model/${modelId}/${route}`;
    const first = await service.json<Job>(url);
    expect([200, 202]).toContain(first.status);
    const done = await settle(service, url);
    expect(done.body.status).toBe('ready');
    return { job: done.body, bytes: await download(service, done.body) };
  };

  it('glb_draco is a valid Draco-compressed GLB, smaller than the model', async () => {
    const { bytes } = await build('export?format=glb_draco');
    const original = await download(
      service,
      (await service.json<Job>(`/model/${modelId}/export`)).body,
    );
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const doc = await readGlb(bytes);
    expect(
      doc
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toContain('KHR_draco_mesh_compression');
    expect(bytes.byteLength).toBeLessThan(original.byteLength);
  });

  it('stl is binary STL in millimetres, Z up', async () => {
    const { bytes, job } = await build('export?format=stl');
    expect(job.filename).toMatch(/\.stl$/);
    const bounds = stlBounds(bytes);
    expect(bounds.count).toBeGreaterThan(1000);
    expect(Math.max(...bounds.size)).toBeGreaterThan(100);
  });

  it('obj is a zip of .obj, .mtl and a PNG texture', async () => {
    const { bytes } = await build('export?format=obj');
    const files = unzipSync(bytes);
    const names = Object.keys(files).sort();
    expect(names.some((n) => n.endsWith('.obj'))).toBe(true);
    expect(names.some((n) => n.endsWith('.mtl'))).toBe(true);
    const png = files[names.find((n) => n.endsWith('.png'))!]!;
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const obj = strFromU8(files[names.find((n) => n.endsWith('.obj'))!]!);
    expect(obj).toMatch(/^v /m);
    expect(obj).toMatch(/^vt /m);
    expect(obj).toMatch(/^f \d+\/\d+\/\d+ /m);
  });

  it('usdz is a USD package: stored zip, USD layer first, every file 64-byte aligned', async () => {
    const { bytes, job } = await build('export?format=usdz');
    expect(job.filename).toMatch(/\.usdz$/);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const entries: Array<{ name: string; dataAt: number; method: number }> = [];
    for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
      const nameLength = view.getUint16(at + 26, true);
      const extraLength = view.getUint16(at + 28, true);
      const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
      const dataAt = at + 30 + nameLength + extraLength;
      entries.push({ name, dataAt, method: view.getUint16(at + 8, true) });
      at = dataAt + view.getUint32(at + 22, true);
    }
    expect(entries.map((e) => e.name)).toEqual(['chelsea.usda', 'textures/basecolor.png']);
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(entry.dataAt % 64).toBe(0);
    }
    const files = unzipSync(bytes);
    const usda = strFromU8(files['chelsea.usda']!);
    expect(usda.startsWith('#usda 1.0')).toBe(true);
    expect(usda).toContain('UsdPreviewSurface');
    expect(usda).toContain('@textures/basecolor.png@');
  });

  it('print stl is scaled to length_mm and stands on Z = 0; hollow doubles the surface', async () => {
    const solid = stlBounds((await build('print?length_mm=120')).bytes);
    expect(Math.max(...solid.size)).toBeCloseTo(120, 1);
    expect(solid.min[2]).toBeCloseTo(0, 4);
    const hollow = stlBounds((await build('print?length_mm=120&hollow=true')).bytes);
    expect(hollow.count).toBe(solid.count * 2);
  });

  it('print 3mf is a 3MF package; colours paint triangles with filament slots', async () => {
    const { bytes, job } = await build('print?format=3mf&length_mm=80&colors=3');
    expect(job.filename).toMatch(/3colours\.3mf$/);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']),
    );
    const xml = strFromU8(files['3D/3dmodel.model']!);
    expect(xml).toMatch(/<model unit="millimeter"/);
    expect(xml.match(/<base /g)).toHaveLength(3);
    const slots = new Set([...xml.matchAll(/p1="(\d)"/g)].map((m) => m[1]));
    expect(slots.size).toBeGreaterThan(1);
    const zs = [...xml.matchAll(/ z="([-\d.e]+)"/g)].map((m) => Number(m[1]));
    expect(Math.min(...zs)).toBeCloseTo(0, 3);
  });

  it('rig makes a skinned, animated GLB and a new version in the family', async () => {
    const { bytes, job } = await build('rig?kind=humanoid');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const doc = await readGlb(bytes);
    expect(doc.getRoot().listSkins()).toHaveLength(1);
    expect(
      doc
        .getRoot()
        .listAnimations()
        .map((a) => a.getName()),
    ).toEqual(['Idle', 'Wave', 'Walk']);
    const version = await service.json(`/model/${job.model_id}`);
    expect(version.body).toMatchObject({
      kind: 'rig',
      root_id: modelId,
      parent_id: modelId,
      version: 2,
    });
  });

  it('parts makes named parts as a new version', async () => {
    const { bytes, job } = await build('parts');
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const names = (await readGlb(bytes))
      .getRoot()
      .listMeshes()
      .map((m) => m.getName());
    expect(names.length).toBeGreaterThan(1);
    for (const name of names)
      expect(name).toMatch(/^(core|top|bottom|left|right|front|back)(_\d+)?$/);
    expect((await service.json(`/model/${job.model_id}`)).body).toMatchObject({
      kind: 'parts',
      root_id: modelId,
    });
  });

  it('papercraft is a zip of A4 SVG pages with every face once, folds and numbered tabs', async () => {
    const { bytes, job } = await build('make/papercraft');
    expect(job.filename).toMatch(/-papercraft\.zip$/);
    const files = unzipSync(bytes);
    const pages = Object.keys(files).filter((n) => n.endsWith('.svg'));
    expect(pages.length).toBeGreaterThan(0);
    expect(strFromU8(files['instructions.txt']!)).toMatch(/faces in \d+ pieces/);
    const faces = Number(/(\d+) faces/.exec(strFromU8(files['instructions.txt']!))![1]);
    let polygons = 0;
    for (const page of pages) {
      const svg = strFromU8(files[page]!);
      expect(svg).toMatch(/width="210mm" height="297mm"/);
      polygons += (svg.match(/<polygon [^>]*stroke="none"/g) ?? []).length;
      expect(svg).toMatch(/stroke-dasharray/);
      expect(svg).toMatch(/fill="#f2f2f2"/);
    }
    expect(polygons).toBe(faces);
    expect(faces).toBeGreaterThan(50);
  });

  it('gamepack is a zip with LODs, a collider named for the engine, and a manifest', async () => {
    const { bytes } = await build('gamepack?engine=unreal&collider=simple&size_m=2');
    const files = unzipSync(bytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest).toMatchObject({
      engine: 'unreal',
      size_m: 2,
      collider: { shape: 'box', triangles: 12 },
    });
    expect(manifest.lods[0].triangles).toBeGreaterThan(manifest.lods[2].triangles);
    const glbName = Object.keys(files).find((n) => n.endsWith('.glb'))!;
    expect((await validateGlb(files[glbName]!)).issues.numErrors).toBe(0);
    const nodes = (await readGlb(files[glbName]!))
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    expect(nodes).toEqual(
      expect.arrayContaining(['SM_chelsea_LOD0', 'SM_chelsea_LOD2', 'UCX_SM_chelsea_00']),
    );
  });
});

describe('models made on the website', () => {
  it('need a plan for export, print, retopo, gamepack and the GLB download (403), not for rig', async () => {
    const service = await startService({ websiteModels: 2 });
    try {
      const library = await service.json<{ items: Array<{ model_id: string; source: string }> }>(
        '/library',
      );
      const website = library.body.items.find((m) => m.source === 'website')!;
      for (const route of ['export', 'export?format=stl', 'print', 'retopo', 'gamepack']) {
        const res = await service.json<{ detail: { error: string } }>(
          `/model/${website.model_id}/${route}`,
        );
        expect(res.status).toBe(403);
        expect(res.body.detail.error).toBe('subscription_required');
      }
      const model = await service.json(`/model/${website.model_id}`);
      expect((await service.json(model.body.url as string)).status).toBe(403);
      expect((await service.call(model.body.thumbnail_url as string)).status).toBe(200);
      expect(service.sandbox.ledger()).toEqual([]);
      const rig = await service.json<Job>(`/model/${website.model_id}/rig?kind=generic`);
      expect(rig.status).toBe(202);
      expect(rig.body.billing?.cost_usd).toBe('0.35');
      await service.sandbox.idle();
    } finally {
      await service.close();
    }
  });
});
