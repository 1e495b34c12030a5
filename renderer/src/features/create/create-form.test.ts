import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/ipc/contract';
import {
  checkDropped,
  EMPTY_FORM,
  placePhotos,
  removedPhotos,
  restoredForm,
  restoredPhotos,
  validateCreate,
  validateImagine,
  type ChosenPhoto,
  type CreateForm,
  type KeptInputs,
  type PreviewPort,
} from './create-form';

const file = (name: string) => new File([new Uint8Array([1])], name);

/** Previews as plain values, remembering which were released. */
function fakePreviews() {
  const released: string[] = [];
  const port: PreviewPort = {
    make: (f) => ({ id: `id-${f.name}`, file: f, previewUrl: `blob:${f.name}` }),
    release: (photos) => photos.forEach((p) => p && released.push(p.id)),
  };
  return { port, released };
}
const photo = (name: string): ChosenPhoto => fakePreviews().port.make(file(name));
const form = (patch: Partial<CreateForm> = {}): CreateForm => ({ ...EMPTY_FORM, ...patch });
const refusedJob: JobView = {
  id: 'j1',
  kind: 'photo',
  source: 'a.png',
  state: 'failed',
  createdAt: 1,
  canCancel: false,
  canRetry: true,
  error: { code: 'insufficient_balance', message: 'Balance too low.' },
};

describe('validateCreate', () => {
  it('asks for what each flow is missing, without sending anything', () => {
    expect(validateCreate(form()).photo).toContain('Drop a photo');
    expect(validateCreate(form({ createMode: 'text' }))).toMatchObject({
      concept: 'Imagine a concept picture first, then pick it.',
    });
    expect(validateCreate(form({ createMode: 'retexture' }))).toEqual({
      model: 'Choose the model to retexture: open it in the viewer or pick it in the Library.',
      photo: 'Drop the photo whose look the model should get.',
    });
    expect(validateCreate(form({ createMode: 'views' })).views).toBeDefined();
  });

  it('passes a flow that has what it needs, and names a setting out of range', () => {
    expect(validateCreate(form({ photos: [photo('a.png')] }))).toEqual({});
    const bad = form({
      photos: [photo('a.png')],
      createSettings: { ...EMPTY_FORM.createSettings, polyCount: '5' },
    });
    expect(validateCreate(bad).polyCount).toContain('10,000 to 1,000,000');
  });

  it('checks the Imagine inputs on their own', () => {
    expect(validateImagine({ prompt: '', style: '' }).prompt).toBeDefined();
    expect(validateImagine({ prompt: 'a red chair', style: '' })).toEqual({});
  });
});

describe('checkDropped', () => {
  it('sorts files by their bytes, with a sentence for each refused one', async () => {
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'ok.png',
    );
    const { good, refusals } = await checkDropped([png, file('bad.gif')]);
    expect(good.map((f) => f.name)).toEqual(['ok.png']);
    expect(refusals).toEqual([expect.stringContaining('“bad.gif” is not a JPEG, PNG or WebP')]);
  });
});

describe('placePhotos', () => {
  const dropped = (names: string[], refusals: string[] = []) => ({
    count: names.length + refusals.length,
    good: names.map(file),
    refusals,
  });

  it('replaces one photo with another and releases the old preview; adds several', () => {
    const { port, released } = fakePreviews();
    const one = form({ photos: [photo('a.png')] });
    expect(placePhotos(one, 'photos', dropped(['b.png']), port).photos?.map((p) => p.id)).toEqual([
      'id-b.png',
    ]);
    expect(released).toEqual(['id-a.png']);
    const added = placePhotos(one, 'photos', dropped(['b.png', 'c.png']), port);
    expect(added.photos).toHaveLength(3);
  });

  it('puts refusals at the field and clears the form-wide sentence', () => {
    const before = form({ createErrors: { form: 'Not started: …' } });
    const patch = placePhotos(
      before,
      'photos',
      dropped([], ['“x” is empty.']),
      fakePreviews().port,
    );
    expect(patch.createErrors).toEqual({ form: undefined, photo: '“x” is empty.' });
  });

  it('takes one photo for retexture and says so when several come', () => {
    const { port } = fakePreviews();
    expect(placePhotos(form(), 'retexture', dropped(['a.png']), port).retexturePhoto?.id).toBe(
      'id-a.png',
    );
    const two = placePhotos(form(), 'retexture', dropped(['a.png', 'b.png']), port);
    expect(two.retexturePhoto).toBeUndefined();
    expect(two.createErrors?.photo).toContain('You dropped 2 photos. Retexture takes one');
  });

  it('labels views in turn and refuses more than four, naming them', () => {
    const { port } = fakePreviews();
    const four = placePhotos(form(), 'views', dropped(['a', 'b', 'c', 'd']), port);
    expect(four.views?.map((v) => v.label)).toEqual(['front', 'back', 'left', 'right']);
    const full = placePhotos(form({ views: four.views! }), 'views', dropped(['e']), port);
    expect(full.views).toBeUndefined();
    expect(full.createErrors?.views).toMatch(/^“e” was not added: multi-view takes at most 4/);
  });
});

describe('removedPhotos and restoredPhotos (Undo)', () => {
  const views = [
    { id: 'v1', file: photo('a.png'), label: 'front' as const },
    { id: 'v2', file: photo('b.png'), label: 'left' as const },
    { id: 'v3', file: photo('c.png'), label: 'back' as const },
  ];

  it('drops a view, keeps its preview for an Undo and answers what was said about the views', () => {
    const { patch, removed } = removedPhotos(
      form({ views, createErrors: { views: 'x' } }),
      'views',
      ['v2'],
    );
    expect(patch).toEqual({ views: [views[0], views[2]], createErrors: {} });
    expect(removed).toEqual([{ target: 'views', photo: views[1]!.file, index: 1, view: views[1] }]);
  });

  it('puts a view back in its slot with its label, the same photo (its preflight and crop)', () => {
    const { patch, removed } = removedPhotos(form({ views }), 'views', ['v2']);
    const restored = restoredPhotos(form(patch), removed)!;
    expect(restored.views).toEqual(views);
    expect(restored.views![1]).toBe(views[1]);
  });

  it('puts several photos of a batch back in their order', () => {
    const photos = ['a', 'b', 'c', 'd', 'e'].map((n) => photo(`${n}.png`));
    const { patch, removed } = removedPhotos(form({ photos }), 'photos', ['id-b.png', 'id-e.png']);
    expect(patch.photos!.map((p) => p.id)).toEqual(['id-a.png', 'id-c.png', 'id-d.png']);
    expect(restoredPhotos(form(patch), removed)!.photos).toEqual(photos);
  });

  it('brings nothing back where its place has been taken since', () => {
    const mine = photo('mine.png');
    const { patch, removed } = removedPhotos(form({ retexturePhoto: mine }), 'retexture', [
      mine.id,
    ]);
    expect(patch).toEqual({ retexturePhoto: undefined });
    expect(restoredPhotos(form(patch), removed)).toEqual({ retexturePhoto: mine });
    expect(restoredPhotos(form({ retexturePhoto: photo('new.png') }), removed)).toBeUndefined();
    const four = [...views, { id: 'v4', file: photo('d.png'), label: 'right' as const }];
    const gone = removedPhotos(form({ views: four }), 'views', ['v1']).removed;
    expect(restoredPhotos(form({ views: four }), gone)).toBeUndefined();
  });

  it('removes nothing for an id no longer there', () => {
    expect(removedPhotos(form({ views }), 'views', ['zz']).removed).toEqual([]);
  });
});

describe('restoredForm', () => {
  const kept: KeptInputs = {
    mode: 'photo',
    tier: 'fast',
    settings: { ...EMPTY_FORM.createSettings, polyCount: '20000' },
    photos: [photo('a.png')],
  };

  it('puts a refused job’s photos and untouched settings back with the reason', () => {
    const patch = restoredForm(form({ photos: [photo('b.png')] }), kept, refusedJob)!;
    expect(patch.photos?.map((p) => p.id)).toEqual(['id-b.png', 'id-a.png']);
    expect(patch.createSettings?.polyCount).toBe('20000');
    expect(patch.createTier).toBe('fast');
    expect(patch.createErrors?.form).toMatch(/^Not started: Balance too low\. Your photos/);
  });

  it('keeps settings the user changed since, and never overwrites a newer flow', () => {
    const changed = form({ createSettings: { ...EMPTY_FORM.createSettings, seed: '4' } });
    expect(restoredForm(changed, kept, refusedJob)?.createSettings).toBeUndefined();
    const text: KeptInputs = {
      ...kept,
      mode: 'text',
      photos: undefined,
      text: { prompt: 'old', style: '', concepts: [], conceptId: undefined },
    };
    expect(restoredForm(form({ prompt: 'new' }), text, refusedJob)).toBeUndefined();
    expect(restoredForm(form(), text, refusedJob)?.prompt).toBe('old');
  });
});
