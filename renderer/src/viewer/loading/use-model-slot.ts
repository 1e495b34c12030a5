import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { Group } from 'three';
import { AnimationController } from '../animation/animation-controller';
import { disposeObject } from './dispose';
import type { ModelSource } from '../sources/dropped-files';
import { MODEL_LAYER } from '../layers';
import { isAbortError } from './load-error';
import { finishModel, type LoadedModel, type LoadProgress } from './load-model';
import type { ModelPreparations } from './model-preparations';
import { indexParts, type PartIndex } from '../inspect/parts';
import { createShadowProxy, type ShadowProxy } from './shadow-proxy';
import { clusterInWorker } from './shadow-proxy-client';
import { useLatest } from '../use-latest';
import type { SceneEvents, SlotId } from '../viewer-types';

/** A model loaded into one slot of the viewer (A, or B when comparing). */
export interface LoadedSlot {
  readonly slot: SlotId;
  readonly key: string;
  readonly model: LoadedModel;
  readonly parts: PartIndex;
  /** Plays the model's clips; null for models without animation. */
  readonly animation: AnimationController | null;
  /**
   * Undo steps other effects register on the model (material swaps for shading modes): run
   * before the model is disposed, so the model's own materials and textures are the ones freed.
   */
  readonly beforeDispose: Set<() => void>;
  /** Stands in for a large static model in the ground shadow's bake; null: the model itself. */
  readonly shadowProxy: ShadowProxy | null;
}

/** Undoes what other effects did to the slot's model, stops its clips, detaches and frees it. */
function releaseSlot(shown: LoadedSlot): void {
  for (const undo of shown.beforeDispose) undo();
  shown.beforeDispose.clear();
  shown.animation?.dispose();
  // Detach before disposing: a frame drawn in between would re-upload everything.
  shown.model.root.parent?.remove(shown.model.root);
  disposeObject(shown.model.root);
  shown.shadowProxy?.dispose();
}

/**
 * Loads `source` into `holder` and owns it. The download and parse are taken over from
 * `preparations` (the viewer starts them before the canvas is ready); the upload and shader
 * compile happen here. The model on screen stays until the next one is ready: the new model is
 * added hidden, and the swap (old one released, new one placed and shown) happens in one
 * commit, so no empty frame is drawn in between and the old model's GPU work does not race the
 * new one's parse. Emptying the source (closing) or a failed load drops the model at once. A
 * superseded or unmounted load never shows and never leaks.
 */
export function useModelSlot(
  slot: SlotId,
  source: ModelSource | undefined,
  holderRef: RefObject<Group | null>,
  eventsRef: { readonly current: SceneEvents },
  preparations: ModelPreparations,
): LoadedSlot | null {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const [loaded, setLoaded] = useState<LoadedSlot | null>(null);

  // Whatever is in `loaded` is owned here: released when it is replaced, dropped or unmounted,
  // in the same commit as its successor is placed (layout effects run before the next frame).
  useLayoutEffect(() => {
    if (!loaded) return;
    return () => {
      releaseSlot(loaded);
      invalidate();
    };
  }, [loaded, invalidate]);

  // A load is the source's key (its URL): a new name for the same file (a comparison's label)
  // must not load it again.
  const key = source?.key;
  const sourceRef = useLatest(source);
  useEffect(() => {
    const holder = holderRef.current;
    const source = sourceRef.current;
    if (!source || !holder || key === undefined) {
      setLoaded(null);
      return;
    }
    const controller = new AbortController();
    eventsRef.current.onLoading(slot, key);
    const onProgress = (progress: LoadProgress): void => {
      if (!controller.signal.aborted) eventsRef.current.onProgress(slot, key, progress);
    };
    const preparation = preparations.take(source, controller.signal);
    const stopProgress = preparation.onProgress(onProgress);
    const open = async (): Promise<void> => {
      const prepared = await preparation.result;
      stopProgress();
      // The shadow proxy is clustered in a worker while the textures upload: in this thread it
      // was a task of its own before the first frame (40–110 ms, bench B2).
      const proxyReady = createShadowProxy(prepared.root, { cluster: clusterInWorker }).catch(
        () => null,
      );
      let model: LoadedModel;
      try {
        model = await finishModel(prepared, {
          signal: controller.signal,
          renderer: gl,
          camera,
          scene,
          onProgress,
        });
      } catch (error) {
        void proxyReady.then((proxy) => proxy?.dispose());
        throw error;
      }
      const shadowProxy = await proxyReady;
      if (controller.signal.aborted) {
        shadowProxy?.dispose();
        disposeObject(model.root);
        return;
      }
      model.root.visible = false;
      model.root.traverse((o) => o.layers.enable(MODEL_LAYER));
      holder.add(model.root);
      if (shadowProxy) holder.add(shadowProxy.group);
      setLoaded({
        slot,
        key,
        model,
        parts: indexParts(model.root),
        animation: model.clips.length > 0 ? new AnimationController(model.root, model.clips) : null,
        beforeDispose: new Set(),
        shadowProxy,
      });
    };
    open().catch((error: unknown) => {
      if (controller.signal.aborted || isAbortError(error)) return;
      setLoaded(null);
      eventsRef.current.onError(slot, key, error);
    });
    return () => {
      stopProgress();
      controller.abort();
    };
  }, [slot, key, sourceRef, holderRef, gl, camera, scene, eventsRef, preparations]);

  return loaded;
}
