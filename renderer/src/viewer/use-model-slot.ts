import { useThree } from '@react-three/fiber';
import { useEffect, useState, type RefObject } from 'react';
import type { Group } from 'three';
import { AnimationController } from './animation-controller';
import { disposeObject } from './dispose';
import type { ModelSource } from './dropped-files';
import { MODEL_LAYER } from './layers';
import { isAbortError } from './load-error';
import { loadModel, type LoadedModel } from './load-model';
import { indexParts, type PartIndex } from './parts';
import type { SceneEvents, SlotId } from './viewer-types';

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
}

/**
 * Loads `source` into `holder` and owns it: the effect that loads a source is the one that
 * disposes what it loaded, so a superseded or unmounted load never shows and never leaks. The
 * model is added hidden; the scene places it and then shows it.
 */
export function useModelSlot(
  slot: SlotId,
  source: ModelSource | undefined,
  holderRef: RefObject<Group | null>,
  eventsRef: { readonly current: SceneEvents },
): LoadedSlot | null {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const [loaded, setLoaded] = useState<LoadedSlot | null>(null);

  useEffect(() => {
    const holder = holderRef.current;
    if (!source || !holder) return;
    const { key } = source;
    const controller = new AbortController();
    let shown: LoadedSlot | null = null;
    eventsRef.current.onLoading(slot, key);
    loadModel(source.url, {
      signal: controller.signal,
      renderer: gl,
      camera,
      scene,
      resources: source.resources,
      onProgress: (progress) => {
        if (!controller.signal.aborted) eventsRef.current.onProgress(slot, key, progress);
      },
    }).then(
      (model) => {
        if (controller.signal.aborted) {
          disposeObject(model.root);
          return;
        }
        model.root.visible = false;
        model.root.traverse((o) => o.layers.enable(MODEL_LAYER));
        holder.add(model.root);
        shown = {
          slot,
          key,
          model,
          parts: indexParts(model.root),
          animation:
            model.clips.length > 0 ? new AnimationController(model.root, model.clips) : null,
          beforeDispose: new Set(),
        };
        setLoaded(shown);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        eventsRef.current.onError(slot, key, error);
      },
    );
    return () => {
      controller.abort();
      setLoaded(null);
      if (shown) {
        for (const undo of shown.beforeDispose) undo();
        shown.beforeDispose.clear();
        shown.animation?.dispose();
        // Detach before disposing: a frame drawn in between would re-upload everything.
        holder.remove(shown.model.root);
        disposeObject(shown.model.root);
        shown = null;
      }
      invalidate();
    };
  }, [slot, source, holderRef, gl, camera, scene, invalidate, eventsRef]);

  return loaded;
}
