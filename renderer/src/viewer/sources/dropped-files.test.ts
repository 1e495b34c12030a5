import { describe, expect, it } from 'vitest';
import { localSource, pickDroppedModel, pickDroppedPhotos, resourceName } from './dropped-files';

const file = (name: string) => new File([new Uint8Array([1])], name);

describe('pickDroppedModel', () => {
  it('prefers a GLB and keeps companions of a glTF', () => {
    const glb = pickDroppedModel([file('a.png'), file('b.GLB')]);
    expect('main' in glb && glb.main.name).toBe('b.GLB');
    const gltf = pickDroppedModel([file('scene.bin'), file('scene.gltf'), file('albedo.png')]);
    expect('main' in gltf && gltf.main.name).toBe('scene.gltf');
    expect('main' in gltf && [...gltf.resources.keys()]).toEqual(['scene.bin', 'albedo.png']);
  });

  it('explains what to drop instead', () => {
    expect(pickDroppedModel([file('photo.png')])).toEqual({
      error:
        'Drop a model file to inspect it: .glb, .gltf, .stl, .obj, .fbx, .3mf, .usdz (got photo.png).',
    });
  });

  it('opens every format Kiln exports', () => {
    for (const name of ['part.STL', 'mesh.obj', 'rig.fbx', 'plate.3mf', 'scene.usdz']) {
      const picked = pickDroppedModel([file('notes.txt'), file(name)]);
      expect('main' in picked && picked.main.name).toBe(name);
    }
  });
});

describe('pickDroppedPhotos', () => {
  it('finds the photos a drop without a model holds, by name or type', () => {
    const typed = new File([new Uint8Array([1])], 'clipboard', { type: 'image/jpeg' });
    const picked = pickDroppedPhotos([file('a.PNG'), file('notes.txt'), file('b.jpeg'), typed]);
    expect(picked.map((f) => f.name)).toEqual(['a.PNG', 'b.jpeg', 'clipboard']);
    expect(pickDroppedPhotos([file('notes.txt')])).toEqual([]);
  });
});

describe('localSource', () => {
  it('makes and revokes one URL per file', () => {
    const made: string[] = [];
    const revoked: string[] = [];
    const { source, revoke } = localSource(
      { main: file('m.gltf'), resources: new Map([['m.bin', file('m.bin')]]) },
      () => {
        made.push(`blob:${made.length}`);
        return made.at(-1)!;
      },
      (u) => revoked.push(u),
    );
    expect(source).toMatchObject({ url: 'blob:0', name: 'm.gltf', local: true });
    expect(source.resources?.get('m.bin')).toBe('blob:1');
    revoke();
    expect(revoked).toEqual(['blob:0', 'blob:1']);
  });
});

describe('resourceName', () => {
  it('takes the decoded last path segment', () => {
    expect(resourceName('blob:http://127.0.0.1:5/tex%20a.png?x=1')).toBe('tex a.png');
  });
});
