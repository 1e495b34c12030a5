/**
 * The desktop features' core on real files: opening .glb/.gltf files into the model cache (with
 * their checks), finding a result's file by job or model id for drag-out and Show in folder, the
 * queue of things to show, the recent-files list, and the command line's files.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, JobView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import type { CachedModel } from '../library/model-cache';
import { systemClock, type Paths } from '../ports';
import { DesktopFiles } from './desktop-files';
import { LocalModels, resourcePath } from './local-models';
import { filesFromArgv } from './open-args';
import { RecentFiles } from './recent-files';

let work: string;
let paths: Paths;
let glb: Uint8Array;

/** A one-triangle model, written as GLB or as .gltf + .bin by glTF-Transform. */
function triangle(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer('data').setURI('tri.bin');
  const position = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  const mesh = doc
    .createMesh('tri')
    .addPrimitive(doc.createPrimitive().setAttribute('POSITION', position));
  doc.createScene().addChild(doc.createNode('tri').setMesh(mesh));
  return doc;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kiln-desktop-'));
  paths = {
    data: path.join(work, 'data'),
    cache: path.join(work, 'data', 'cache', 'models'),
    temp: path.join(work, 'data', 'cache', 'tmp'),
  };
  glb = await new NodeIO().writeBinary(triangle());
  await mkdir(path.join(work, 'in', 'sub'), { recursive: true });
  await writeFile(path.join(work, 'in', 'tri.glb'), glb);
  await new NodeIO().write(path.join(work, 'in', 'tri.gltf'), triangle());
});
afterAll(() => rm(work, { recursive: true, force: true }));

const local = () =>
  new LocalModels({ paths, clock: systemClock, cacheFileUrl: (f) => `kiln://models/${f}` });

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KilnError);
  expect((error as KilnError).code).toBe('invalid_file');
  return (error as KilnError).message;
}

describe('opening local model files', () => {
  it('copies a .glb into the cache under its hash and shows it by a local id', async () => {
    const models = local();
    const view = await models.import(path.join(work, 'in', 'tri.glb'));
    expect(view.modelId).toMatch(/^local-[a-f0-9]{16}$/);
    expect(view.name).toBe('tri');
    const file = decodeURIComponent(view.fileUrl.slice('kiln://models/'.length));
    expect(file).toMatch(/^[a-f0-9]{64}\.glb$/);
    expect(new Uint8Array(await readFile(path.join(paths.cache, file)))).toEqual(glb);
    // Remembered across instances (the index is on disk), and no scratch file is left.
    expect(await local().get(view.modelId)).toMatchObject({ file, bytes: glb.byteLength });
    expect(await readdir(paths.temp)).toEqual([]);
  });

  it('packs a .gltf with its buffer beside it into one GLB', async () => {
    const view = await local().import(path.join(work, 'in', 'tri.gltf'));
    const file = decodeURIComponent(view.fileUrl.slice('kiln://models/'.length));
    const packed = await new NodeIO().read(path.join(paths.cache, file));
    expect(
      packed
        .getRoot()
        .listMeshes()
        .map((m) => m.getName()),
    ).toEqual(['tri']);
  });

  it('copies an STL or OBJ as it is, in its format, for the viewer to read', async () => {
    const dir = path.join(work, 'in');
    const obj = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    await writeFile(path.join(dir, 'Cup.OBJ'), obj);
    const view = await local().import(path.join(dir, 'Cup.OBJ'));
    expect(view.name).toBe('Cup');
    const file = view.fileUrl.replace('kiln://models/', '');
    expect(file).toMatch(/^[a-f0-9]{64}\.obj$/);
    expect(await readFile(path.join(paths.cache, file), 'utf8')).toBe(obj);
  });

  it('refuses other types, fake or cut-short GLBs, oversize files and escaping glTF paths', async () => {
    const dir = path.join(work, 'in');
    await writeFile(path.join(dir, 'notes.txt'), 'v 0 0 0');
    expect(await refusal(local().import(path.join(dir, 'notes.txt')))).toMatch(
      /opens \.glb, \.gltf, \.stl, \.obj, \.fbx, \.3mf, \.usdz models; “notes\.txt” is none/,
    );
    await writeFile(path.join(dir, 'empty.stl'), '');
    expect(await refusal(local().import(path.join(dir, 'empty.stl')))).toMatch(/is empty/);
    await writeFile(path.join(dir, 'fake.glb'), 'PK\u0003\u0004 not a model at all');
    expect(await refusal(local().import(path.join(dir, 'fake.glb')))).toMatch(
      /not a glTF 2\.0 binary/,
    );
    await writeFile(path.join(dir, 'cut.glb'), glb.subarray(0, glb.byteLength - 8));
    expect(await refusal(local().import(path.join(dir, 'cut.glb')))).toMatch(/cut short/);
    const small = new LocalModels({
      paths,
      clock: systemClock,
      cacheFileUrl: (f) => f,
      maxBytes: 64,
    });
    expect(await refusal(small.import(path.join(dir, 'tri.glb')))).toMatch(/more than Kiln opens/);
    expect(await refusal(local().import(path.join(dir, 'missing.glb')))).toMatch(
      /could not be read/,
    );
    const json = JSON.parse(await readFile(path.join(dir, 'tri.gltf'), 'utf8')) as {
      buffers: Array<{ uri: string }>;
    };
    json.buffers[0]!.uri = '../../etc/passwd';
    await writeFile(path.join(dir, 'sub', 'escape.gltf'), JSON.stringify(json));
    expect(await refusal(local().import(path.join(dir, 'sub', 'escape.gltf')))).toMatch(
      /outside its folder/,
    );
    json.buffers[0]!.uri = 'file:///etc/passwd';
    await writeFile(path.join(dir, 'sub', 'scheme.gltf'), JSON.stringify(json));
    expect(await refusal(local().import(path.join(dir, 'sub', 'scheme.gltf')))).toMatch(
      /outside its folder/,
    );
    await writeFile(
      path.join(dir, 'sub', 'v1.gltf'),
      JSON.stringify({ asset: { version: '1.0' } }),
    );
    expect(await refusal(local().import(path.join(dir, 'sub', 'v1.gltf')))).toMatch(/glTF 2\.0/);
  });
});

describe('a glTF reads only files of its own folder, on every OS', () => {
  it('refuses absolute, drive-letter, UNC, device and scheme URIs with POSIX and Windows paths', () => {
    const refused = [
      '/etc/passwd',
      '//server/share/a.bin',
      '\\\\server\\share\\a.bin',
      '%5C%5Cserver%5Cshare%5Ca.bin',
      '\\\\?\\C:\\secret.bin',
      'C:\\Windows\\win.ini',
      'C:/Windows/win.ini',
      'C:win.ini',
      'c%3A/secret.bin',
      'textures\\..\\..\\secret.bin',
      '../secret.bin',
      'a/../../secret.bin',
      'file:///etc/passwd',
      'smb://server/share/a.bin',
      'tri.bin:stream',
      'tri%00.bin',
      '%E0%A4%A',
      '',
    ];
    const flavours = [
      { p: path.posix, dir: '/home/me/models' },
      { p: path.win32, dir: 'C:\\Users\\me\\models' },
    ];
    for (const { p, dir } of flavours) {
      for (const uri of refused) expect(resourcePath(dir, uri, p), `${dir} ${uri}`).toBeUndefined();
      expect(resourcePath(dir, 'textures/../tri.bin', p)).toBe(p.join(dir, 'tri.bin'));
      expect(resourcePath(dir, 'textures/cup%20base.png', p)).toBe(
        p.join(dir, 'textures', 'cup base.png'),
      );
    }
  });

  it('refuses a symlink beside the .gltf that leads out of its folder', async () => {
    const dir = path.join(work, 'linked');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(work, 'secret.bin'), new Uint8Array(36));
    await symlink(path.join(work, 'secret.bin'), path.join(dir, 'tri.bin'));
    const json = JSON.parse(await readFile(path.join(work, 'in', 'tri.gltf'), 'utf8')) as object;
    await writeFile(path.join(dir, 'tri.gltf'), JSON.stringify(json));
    expect(await refusal(local().import(path.join(dir, 'tri.gltf')))).toMatch(
      /outside its folder.*a link leading elsewhere/,
    );
    // A link that stays inside the folder is just a file of the folder.
    await rm(path.join(dir, 'tri.bin'));
    await writeFile(path.join(dir, 'real.bin'), await readFile(path.join(work, 'in', 'tri.bin')));
    await symlink(path.join(dir, 'real.bin'), path.join(dir, 'tri.bin'));
    expect((await local().import(path.join(dir, 'tri.gltf'))).name).toBe('tri');
  });

  it('reads the file it checked: swapping it for another while opening changes nothing', async () => {
    const dir = path.join(work, 'swap');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'cup.glb');
    const other = await new NodeIO().writeBinary(
      (() => {
        const doc = triangle();
        doc.getRoot().listNodes()[0]!.setName('swapped');
        return doc;
      })(),
    );
    await writeFile(path.join(dir, 'other.glb'), other);
    // The file is replaced in a loop while it is opened: each import is the one file or the other,
    // whole, never a mix (its bytes come from the handle its checks ran on).
    let stop = false;
    const swapper = (async () => {
      while (!stop) {
        await writeFile(`${file}.next`, glb);
        await rename(`${file}.next`, file);
        await writeFile(`${file}.next`, other);
        await rename(`${file}.next`, file);
      }
    })();
    try {
      const models = local();
      for (let i = 0; i < 20; i++) {
        const view = await models.import(file).catch((e: unknown) => e);
        if (view instanceof KilnError) continue;
        const name = decodeURIComponent((view as { fileUrl: string }).fileUrl.split('/').pop()!);
        const bytes = new Uint8Array(await readFile(path.join(paths.cache, name)));
        expect([glb.byteLength, other.byteLength]).toContain(bytes.byteLength);
        expect(bytes).toEqual(bytes.byteLength === glb.byteLength ? glb : other);
      }
    } finally {
      stop = true;
      await swapper;
    }
  });
});

describe('DesktopFiles', () => {
  const events: unknown[] = [];
  const shown: string[] = [];
  const jobs: JobView[] = [];
  const batches: Array<Pick<BatchView, 'id' | 'csv'>> = [];
  const served: CachedModel = {
    modelId: 'm-1',
    name: 'Tea: pot',
    file: `${'b'.repeat(64)}.glb`,
    bytes: 3,
  };
  let recent: RecentFiles;
  const desktop = (withShell: boolean) =>
    new DesktopFiles({
      jobs: { list: () => jobs },
      batches: { list: () => batches },
      cache: {
        ensure: async (id) => {
          if (id !== served.modelId) throw new KilnError('not_found', 'No such model.');
          return served;
        },
      },
      local: local(),
      recent,
      paths,
      emit: (event, payload) => events.push([event, payload]),
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      downloadUrl: (file) => `/download/${path.basename(file.path)}`,
      ...(withShell ? { showInFolder: (file: string) => void shown.push(file) } : {}),
    });
  const base = {
    kind: 'export',
    source: 'Export',
    createdAt: 1,
    canCancel: false,
    canRetry: false,
  } as const;

  beforeAll(async () => {
    recent = new RecentFiles({ file: path.join(paths.data, 'recent-files.json'), limit: 3 });
    await recent.load();
    await mkdir(paths.cache, { recursive: true });
    await writeFile(path.join(paths.cache, served.file), 'glb');
    await mkdir(path.join(work, 'exports'), { recursive: true });
    await writeFile(path.join(work, 'exports', 'cup.stl'), 'solid');
    await writeFile(path.join(work, 'exports', 'batch.csv'), 'model\n');
    batches.push(
      { id: 'b-1', csv: path.join(work, 'exports', 'batch.csv') },
      { id: 'b-gone', csv: path.join(work, 'exports', 'batch (2).csv') },
    );
    jobs.push(
      { ...base, id: 'exp', state: 'done', savedPath: path.join(work, 'exports', 'cup.stl') },
      { ...base, id: 'gen', kind: 'photo', state: 'done', modelId: 'm-1' },
      { ...base, id: 'run', state: 'processing' },
      { ...base, id: 'gone', state: 'done', savedPath: path.join(work, 'exports', 'gone.stl') },
    );
  });

  it('finds an export by its job, a model by id or by its generation, never elsewhere', async () => {
    const d = desktop(false);
    expect(await d.dragSource({ jobId: 'exp' })).toEqual({
      name: 'cup.stl',
      mime: 'model/stl',
      url: '/download/cup.stl',
    });
    expect(d.known({ jobId: 'exp' })?.path).toBe(path.join(work, 'exports', 'cup.stl'));
    const model = await d.resolve({ jobId: 'gen' });
    expect(model).toEqual({
      path: path.join(paths.cache, served.file),
      name: 'Tea_ pot.glb',
      mime: 'model/gltf-binary',
    });
    expect((await d.dragSource({ modelId: 'm-1' })).url).toBe(`/download/${served.file}`);
    expect(await d.resolve({ modelId: 'm-1' })).toEqual(model);
    await expect(d.resolve({ jobId: 'run' })).rejects.toMatchObject({ code: 'not_ready' });
    await expect(d.resolve({ jobId: 'nope' })).rejects.toMatchObject({ code: 'unknown_job' });
    await expect(d.resolve({ jobId: 'gone' })).rejects.toMatchObject({ code: 'file_gone' });
    await expect(d.resolve({ modelId: 'local-0000000000000000' })).rejects.toMatchObject({
      code: 'file_gone',
    });
    expect(d.known({ jobId: 'gone' })).toBeUndefined();
    // A batch's CSV, by the batch: the path is the one Kiln wrote, never one the page names.
    expect(await d.resolve({ batchId: 'b-1' })).toEqual({
      path: path.join(work, 'exports', 'batch.csv'),
      name: 'batch.csv',
      mime: 'text/csv',
    });
    await expect(d.resolve({ batchId: 'b-gone' })).rejects.toMatchObject({ code: 'file_gone' });
    await expect(d.resolve({ batchId: 'nope' })).rejects.toMatchObject({ code: 'file_gone' });
  });

  it('shows the file in the file manager, or says where it is when it cannot', async () => {
    expect(await desktop(true).showInFolder({ jobId: 'exp' })).toMatchObject({ shown: true });
    expect(shown).toEqual([path.join(work, 'exports', 'cup.stl')]);
    const answer = await desktop(false).showInFolder({ modelId: 'm-1' });
    expect(answer.shown).toBe(false);
    expect(answer.message).toBe(
      `“Show in folder” works in the Kiln desktop app. In the browser, find the file at ${path.join(paths.cache, served.file)}.`,
    );
  });

  it('queues opened files and notices for the page, keeps recent files, explains failures', async () => {
    const d = desktop(false);
    events.length = 0;
    const opened = await d.open(path.join(work, 'in', 'tri.glb'));
    expect(opened).toMatchObject({ kind: 'local', model: { name: 'tri' } });
    d.openLibraryModel('m-1');
    await writeFile(path.join(work, 'in', 'cup.txt'), 'v 0 0 0');
    const failed = await d.open(path.join(work, 'in', 'cup.txt'));
    expect(failed).toEqual({
      kind: 'error',
      message:
        'Kiln opens .glb, .gltf, .stl, .obj, .fbx, .3mf, .usdz models; “cup.txt” is none of them.',
    });
    expect(events).toEqual([
      ['app.openModel', { pending: 1 }],
      ['app.openModel', { pending: 2 }],
      ['app.openModel', { pending: 3 }],
    ]);
    expect(d.takeOpenRequests()).toEqual([opened, { kind: 'library', modelId: 'm-1' }, failed]);
    expect(d.takeOpenRequests()).toEqual([]);
    // The opened local model can be dragged out and shown in its folder like any other.
    if (opened.kind !== 'local') throw new Error('expected a local model');
    const source = await d.resolve({ modelId: opened.model.modelId });
    expect(path.dirname(source.path)).toBe(paths.cache);
    expect(recent.list()).toEqual([path.join(work, 'in', 'tri.glb')]);
  });
});

describe('RecentFiles', () => {
  it('keeps the newest first, once each, up to the limit, across restarts; clears', async () => {
    const file = path.join(work, 'recent', 'recent.json');
    const recent = new RecentFiles({ file, limit: 3 });
    expect(await recent.load()).toEqual([]);
    for (const f of ['/a.glb', '/b.glb', '/c.glb', '/a.glb', '/d.glb']) await recent.add(f);
    expect(recent.list()).toEqual(['/d.glb', '/a.glb', '/c.glb']);
    expect(await new RecentFiles({ file, limit: 3 }).load()).toEqual([
      '/d.glb',
      '/a.glb',
      '/c.glb',
    ]);
    await recent.remove('/a.glb');
    expect(await new RecentFiles({ file }).load()).toEqual(['/d.glb', '/c.glb']);
    await recent.clear();
    expect(await new RecentFiles({ file }).load()).toEqual([]);
    await writeFile(file, '{ damaged');
    expect(await new RecentFiles({ file }).load()).toEqual([]);
    await writeFile(file, JSON.stringify(['relative.glb', 7, '/ok.glb']));
    expect(await new RecentFiles({ file }).load()).toEqual(['/ok.glb']);
    expect((await stat(file)).isFile()).toBe(true);
  });
});

describe('filesFromArgv', () => {
  it('takes the .glb/.gltf files of a command line, made absolute, and nothing else', () => {
    expect(
      filesFromArgv(
        [
          '/opt/Kiln/kiln',
          '--no-sandbox',
          '.',
          'models/cup.GLB',
          '/abs/scene.gltf',
          'notes.txt',
          '--flag=a.glb',
        ],
        '/home/me',
      ),
    ).toEqual(['/home/me/models/cup.GLB', '/abs/scene.gltf']);
  });
});
