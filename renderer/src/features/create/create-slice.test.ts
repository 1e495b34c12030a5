import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { JobView } from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { createKilnStore } from '../../store/app-store';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const png = (name: string) => new File([new Uint8Array(PNG)], name, { type: 'image/png' });
const job = (id: string): JobView => ({
  id,
  kind: 'photo',
  source: id,
  state: 'waiting',
  createdAt: Number(id.replace(/\D/g, '')) || 1,
  canCancel: true,
  canRetry: false,
});

/** A store around a bridge whose starts are `start`. */
function storeWith(start: (input: { fileId: string }) => Promise<JobView>) {
  let staged = 0;
  const bridge = {
    stageFile: vi.fn(async (file: File) => ({ id: `f${++staged}`, name: file.name })),
    'jobs:startPhoto': vi.fn(start),
  } as unknown as Bridge;
  return { store: createKilnStore(bridge), bridge };
}

describe('create slice', () => {
  it('refuses a bad file at the field and keeps the good ones', async () => {
    const { store } = storeWith(async () => job('j1'));
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'a.gif');
    await store.getState().addPhotos('photos', [gif, png('b.png')]);
    expect(store.getState().photos.map((p) => p.file.name)).toEqual(['b.png']);
    expect(store.getState().createErrors.photo).toContain('“a.gif” is not a JPEG, PNG or WebP');
  });

  it('replaces one photo with another, and adds several for a batch', async () => {
    const { store } = storeWith(async () => job('j1'));
    const names = () => store.getState().photos.map((p) => p.file.name);
    await store.getState().addPhotos('photos', [png('a.png')]);
    await store.getState().addPhotos('photos', [png('b.png')]);
    expect(names()).toEqual(['b.png']);
    await store.getState().addPhotos('photos', [png('c.png'), png('d.png')]);
    expect(names()).toEqual(['b.png', 'c.png', 'd.png']);
    await store.getState().addPhotos('photos', [png('e.png')]);
    expect(names()).toEqual(['b.png', 'c.png', 'd.png', 'e.png']);
  });

  it('says why a photo dropped on four filled views was not added', async () => {
    const { store } = storeWith(async () => job('j1'));
    const views = () => store.getState().views.map((v) => v.file.file.name);
    await store.getState().addPhotos(
      'views',
      ['a', 'b', 'c', 'd'].map((n) => png(`${n}.png`)),
    );
    await store.getState().addPhotos('views', [png('e.png')]);
    expect(views()).toEqual(['a.png', 'b.png', 'c.png', 'd.png']);
    expect(store.getState().createErrors.views).toBe(
      '“e.png” was not added: multi-view takes at most 4 views, and all 4 are filled. Remove a view, then drop it again.',
    );
    // Removing a view answers it.
    store.getState().removePhotos('views', [store.getState().views[3]!.id]);
    expect(store.getState().createErrors.views).toBeUndefined();
  });

  it('puts an accepted crop in the place of its view, keeping the slot and its label', async () => {
    const { store } = storeWith(async () => job('j1'));
    await store.getState().addPhotos(
      'views',
      ['a', 'b', 'c'].map((n) => png(`${n}.png`)),
    );
    const before = store.getState().views;
    store.getState().replacePhoto('views', before[1]!.id, png('b-crop.png'));
    const after = store.getState().views;
    expect(after.map((v) => v.file.file.name)).toEqual(['a.png', 'b-crop.png', 'c.png']);
    expect(after.map((v) => v.label)).toEqual(before.map((v) => v.label));
    expect(after[1]!.id).toBe(after[1]!.file.id);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    // A photo removed meanwhile is not brought back by its late crop.
    store.getState().replacePhoto('views', before[1]!.id, png('late.png'));
    expect(store.getState().views.map((v) => v.file.file.name)).toEqual([
      'a.png',
      'b-crop.png',
      'c.png',
    ]);
  });

  it('puts an accepted crop in the place of a batch photo and of the retexture photo', async () => {
    const { store } = storeWith(async () => job('j1'));
    await store.getState().addPhotos('photos', [png('a.png'), png('b.png')]);
    store.getState().replacePhoto('photos', store.getState().photos[0]!.id, png('a-crop.png'));
    expect(store.getState().photos.map((p) => p.file.name)).toEqual(['a-crop.png', 'b.png']);
    await store.getState().addPhotos('retexture', [png('t.png')]);
    store
      .getState()
      .replacePhoto('retexture', store.getState().retexturePhoto!.id, png('t-crop.png'));
    expect(store.getState().retexturePhoto?.file.name).toBe('t-crop.png');
  });

  it('sends nothing for an out-of-range setting', async () => {
    const { store, bridge } = storeWith(async () => job('j1'));
    await store.getState().addPhotos('photos', [png('a.png')]);
    store.getState().setCreateSettings({ polyCount: '2000000' });
    expect(await store.getState().startCreate()).toEqual([]);
    expect(store.getState().createErrors.polyCount).toContain('10,000 to 1,000,000');
    expect(bridge.stageFile).not.toHaveBeenCalled();
  });

  it('keeps the form when a start fails, with the error on the field it names', async () => {
    const { store } = storeWith(async () => {
      throw new KilnError('validation_failed', 'The service refused “poly_count”.', {
        field: 'poly_count',
      });
    });
    await store.getState().addPhotos('photos', [png('a.png')]);
    store.getState().setCreateSettings({ polyCount: '20000' });
    await store.getState().startCreate();
    const s = store.getState();
    expect(s.createErrors).toEqual({ polyCount: 'The service refused “poly_count”.' });
    expect(s.photos).toHaveLength(1);
    expect(s.createSettings.polyCount).toBe('20000');
    expect(s.createBusy).toBe(false);
  });

  it('starts a batch one job each, shows Activity and clears what started', async () => {
    let n = 0;
    const { store, bridge } = storeWith(async () => job(`j${++n}`));
    await store.getState().addPhotos(
      'photos',
      ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => png(`${x}.png`)),
    );
    store.getState().showRight('tools');
    const jobs = await store.getState().startCreate();
    expect(jobs).toHaveLength(6);
    expect(bridge['jobs:startPhoto']).toHaveBeenCalledTimes(6);
    const s = store.getState();
    expect(s.photos).toEqual([]);
    expect(s.jobs).toHaveLength(6);
    expect(s.rightTab).toBe('activity');
  });

  it('keeps the photos whose start failed in a batch and says which', async () => {
    const { store } = storeWith(async ({ fileId }) => {
      if (fileId === 'f2') throw new KilnError('busy', 'Kiln is busy. Try again.');
      return job(`j-${fileId}`);
    });
    await store.getState().addPhotos('photos', [png('a.png'), png('b.png'), png('c.png')]);
    await store.getState().startCreate();
    const s = store.getState();
    expect(s.photos.map((p) => p.file.name)).toEqual(['b.png']);
    expect(s.createErrors.form).toBe(
      '2 of 3 started. Not started: “b.png” — Kiln is busy. Try again. It is still here to try again.',
    );
  });

  it('never sends a second start while one is being sent', async () => {
    let release: (j: JobView) => void = () => {};
    const { store, bridge } = storeWith(() => new Promise<JobView>((r) => (release = r)));
    await store.getState().addPhotos('photos', [png('a.png')]);
    const first = store.getState().startCreate();
    await vi.waitFor(() => expect(bridge['jobs:startPhoto']).toHaveBeenCalledTimes(1));
    expect(await store.getState().startCreate()).toEqual([]);
    release(job('j1'));
    expect(await first).toHaveLength(1);
    expect(bridge['jobs:startPhoto']).toHaveBeenCalledTimes(1);
  });

  it('puts a started job’s inputs back when the service refuses it (402), not once it is taken', async () => {
    let n = 0;
    const { store, bridge } = storeWith(async () => job(`j${++n}`));
    (bridge as unknown as Record<string, unknown>)['account:balance'] = vi.fn(async () => ({}));
    await store.getState().addPhotos('photos', [png('a.png')]);
    store.getState().setCreateTier('fast');
    store.getState().setCreateSettings({ polyCount: '20000' });
    const [started] = await store.getState().startCreate();
    expect(store.getState().photos).toEqual([]);
    // Refused for balance after its wait in Kiln's queue: nothing charged, the inputs come back.
    store.getState().setCreateTier('quality');
    store.getState().upsertJob({
      ...started!,
      state: 'failed',
      error: { code: 'insufficient_balance', message: 'Balance too low: $0.20 needed.' },
    });
    const s = store.getState();
    expect(s.photos.map((p) => p.file.name)).toEqual(['a.png']);
    expect(s.createSettings.polyCount).toBe('20000');
    expect(s.createErrors.form).toContain('Balance too low: $0.20 needed.');
    expect(s.createKept).toEqual({});

    // Accepted by the service: the inputs go for good (a later failure does not bring them back).
    const [second] = await store.getState().startCreate();
    store.getState().upsertJob({ ...second!, state: 'queued', costUsd: '0.20' });
    store.getState().upsertJob({
      ...second!,
      state: 'failed',
      costUsd: '0.20',
      refundedUsd: '0.20',
      error: { code: 'generation_failed', message: 'No object found.' },
    });
    expect(store.getState().photos).toEqual([]);
    expect(store.getState().createKept).toEqual({});
  });
});
