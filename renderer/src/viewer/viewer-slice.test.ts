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
});
