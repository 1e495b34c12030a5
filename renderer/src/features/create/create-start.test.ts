import { describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { EMPTY_FORM, type ChosenPhoto, type CreateForm, type KeptInputs } from './create-form';
import { placeError } from './create-rules';
import { startFlow, type StartPorts } from './create-start';

const photo = (name: string): ChosenPhoto => ({
  id: `id-${name}`,
  file: new File([new Uint8Array([1])], name),
  previewUrl: `blob:${name}`,
});
const job = (id: string): JobView => ({
  id,
  kind: 'photo',
  source: id,
  state: 'waiting',
  createdAt: 1,
  canCancel: true,
  canRetry: false,
});

/** Ports over a plain form, recording what each bridge call got and what was begun. */
function harness(start: Partial<CreateForm>, fail?: (fileId: string) => Error | undefined) {
  let form: CreateForm = { ...EMPTY_FORM, ...start };
  let staged = 0;
  const begun: [JobView, KeptInputs][] = [];
  const bridge = {
    stageFile: vi.fn(async (file: File) => ({ id: `f${++staged}`, name: file.name })),
    'jobs:startPhoto': vi.fn(async ({ fileId }: { fileId: string }) => {
      const error = fail?.(fileId);
      if (error) throw error;
      return job(`j-${fileId}`);
    }),
    'jobs:startMulti': vi.fn(async () => job('j-multi')),
    'jobs:startText': vi.fn(async () => job('j-text')),
    'jobs:retexture': vi.fn(async () => job('j-retexture')),
  };
  const ports: StartPorts = {
    bridge: bridge as unknown as StartPorts['bridge'],
    read: () => form,
    write: (patch) => (form = { ...form, ...patch }),
    begin: (j, inputs) => begun.push([j, inputs]),
  };
  return { ports, bridge, begun, form: () => form };
}

describe('startFlow', () => {
  it('hands every photo over before any start, then starts one job each with the options', async () => {
    const h = harness({
      photos: [photo('a.png'), photo('b.png')],
      createTier: 'fast',
      createSettings: { ...EMPTY_FORM.createSettings, polyCount: '20000' },
    });
    const jobs = await startFlow(h.form(), h.ports);
    expect(jobs.map((j) => j.id)).toEqual(['j-f1', 'j-f2']);
    expect(h.bridge.stageFile.mock.invocationCallOrder[1]).toBeLessThan(
      h.bridge['jobs:startPhoto'].mock.invocationCallOrder[0]!,
    );
    expect(h.bridge['jobs:startPhoto']).toHaveBeenCalledWith({
      fileId: 'f1',
      tier: 'fast',
      options: { polyCount: 20000 },
    });
    expect(h.form().photos).toEqual([]);
    expect(h.form().createSettings).toBe(EMPTY_FORM.createSettings);
    expect(h.begun.map(([, kept]) => kept.photos?.[0]?.id)).toEqual(['id-a.png', 'id-b.png']);
  });

  it('keeps what did not start in a batch and names it, with the settings', async () => {
    const h = harness(
      {
        photos: [photo('a.png'), photo('b.png')],
        createSettings: { ...EMPTY_FORM.createSettings, seed: '3' },
      },
      (id) => (id === 'f2' ? new KilnError('busy', 'Kiln is busy.') : undefined),
    );
    const error = await startFlow(h.form(), h.ports).catch((e: unknown) => e);
    expect(placeError(error)).toEqual({
      form: '1 of 2 started. Not started: “b.png” — Kiln is busy. It is still here to try again.',
    });
    expect(h.form().photos.map((p) => p.id)).toEqual(['id-b.png']);
    expect(h.form().createSettings.seed).toBe('3');
    expect(h.begun).toHaveLength(1);
  });

  it('starts the views as one multi-view job and keeps them until accepted', async () => {
    const views = [
      { id: 'v1', file: photo('a.png'), label: 'front' as const },
      { id: 'v2', file: photo('b.png'), label: 'back' as const },
    ];
    const h = harness({ createMode: 'views', views });
    expect((await startFlow(h.form(), h.ports)).map((j) => j.id)).toEqual(['j-multi']);
    expect(h.bridge['jobs:startMulti']).toHaveBeenCalledWith({
      fileIds: ['f1', 'f2'],
      tier: 'quality',
      options: {},
    });
    expect(h.form().views).toEqual([]);
    expect(h.begun[0]![1]).toMatchObject({ mode: 'views', views });
  });

  it('starts text from the picked concept, labelled with its prompt', async () => {
    const concepts = [{ conceptId: 'c1', prompt: 'a red chair', style: null }];
    const h = harness({ createMode: 'text', prompt: 'a red chair', concepts, conceptId: 'c1' });
    await startFlow(h.form(), h.ports);
    expect(h.bridge['jobs:startText']).toHaveBeenCalledWith(
      expect.objectContaining({ conceptId: 'c1', label: 'a red chair' }),
    );
    expect(h.form()).toMatchObject({ prompt: '', concepts: [], conceptId: undefined });
    expect(h.begun[0]![1].text).toEqual({
      prompt: 'a red chair',
      style: '',
      concepts,
      conceptId: 'c1',
    });
  });

  it('retextures the target with only the settings the user set', async () => {
    const h = harness({
      createMode: 'retexture',
      retexturePhoto: photo('look.png'),
      retextureTarget: { modelId: 'm1', name: 'Chair' },
      retextureSettings: { textureSize: '2048', seed: '' },
    });
    await startFlow(h.form(), h.ports);
    expect(h.bridge['jobs:retexture']).toHaveBeenCalledWith({
      modelId: 'm1',
      fileId: 'f1',
      textureSize: 2048,
    });
    expect(h.form().retexturePhoto).toBeUndefined();
  });

  it('starts nothing when a photo is refused on hand-over', async () => {
    const h = harness({ photos: [photo('a.png')] });
    h.bridge.stageFile.mockRejectedValueOnce(
      new KilnError('invalid_file', '“a.png” is empty.', { field: 'image' }),
    );
    await expect(startFlow(h.form(), h.ports)).rejects.toThrow('“a.png” is empty.');
    expect(h.bridge['jobs:startPhoto']).not.toHaveBeenCalled();
    expect(h.form().photos).toHaveLength(1);
  });
});
