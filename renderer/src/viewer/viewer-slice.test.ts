import { describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/ipc/bridge';
import type { ModelView } from '../../../shared/ipc/contract';
import { KilnError } from '../../../shared/ipc/errors';
import { createKilnStore } from '../store/app-store';

describe('viewer slice', () => {
  it('shows a model at hand in place of a website model the service refused to send', async () => {
    const bridge = {
      'library:model': async () => {
        throw new KilnError('subscription_required', 'Website models need a plan.');
      },
    } as unknown as Bridge;
    const store = createKilnStore(bridge);
    await store.getState().openModel('web-1');
    expect(store.getState().openFailure).toEqual({
      modelId: 'web-1',
      code: 'subscription_required',
    });
    const local: ModelView = { modelId: 'local-1', name: 'cup', fileUrl: '/files/a.glb' };
    store.getState().showModel(local);
    // The Tools column follows the model on screen, not the refused one.
    expect(store.getState()).toMatchObject({
      model: local,
      openFailure: undefined,
      openError: undefined,
    });
  });

  it('compares two versions under the names the user knows, and ends the comparison', async () => {
    const views: Record<string, ModelView> = {
      a: { modelId: 'a', name: 'coffee', fileUrl: '/files/a.glb' },
      b: { modelId: 'b', name: 'coffee', fileUrl: '/files/b.glb' },
    };
    const bridge = {
      'library:model': async ({ modelId }: { modelId: string }) => views[modelId],
    } as unknown as Bridge;
    const store = createKilnStore(bridge);
    await store
      .getState()
      .openCompare(
        { modelId: 'a', label: 'coffee · v1 Original' },
        { modelId: 'b', label: 'coffee · v2 Retexture' },
      );
    expect(store.getState()).toMatchObject({
      model: views['a'],
      compareModel: views['b'],
      compareLabels: { a: 'coffee · v1 Original', b: 'coffee · v2 Retexture' },
    });
    store.getState().closeCompare();
    expect(store.getState()).toMatchObject({ compareModel: undefined, compareLabels: undefined });
    expect(store.getState().model).toBe(views['a']);
  });
});
