import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLatest } from '../use-latest';
import type { ModelSource } from './dropped-files';

/** A model file opened on this computer: its source and the blob URLs to free. */
export interface LocalModel {
  readonly source: ModelSource;
  readonly revoke: () => void;
}

/** What the viewer shows, and how the user changes it. */
export interface ViewerSources {
  /** Model A: a file opened on this computer, else the app's model. */
  readonly source: ModelSource | undefined;
  /** Model B, compared with A: a local file, else the app's compare model (none without A). */
  readonly compareSource: ModelSource | undefined;
  /** Shows a local file as A (a fresh inspection: no comparison carried over) or as B. */
  openLocal(model: LocalModel, as: 'open' | 'compare'): void;
  /** Closes the local file shown as A (and its comparison): the app's model shows again. */
  closeLocal(): void;
  /** Ends the comparison, whichever side B came from (a local file, or the app's). */
  stopCompare(): void;
}

function appSource(url: string | undefined, name: string | undefined): ModelSource | undefined {
  if (!url) return undefined;
  const file = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || t`Model`;
  return { key: url, url, name: name ?? file, local: false };
}

/** Keeps `next` and frees the blob URLs of the model it replaces. */
const replacing =
  (next: LocalModel | null) =>
  (old: LocalModel | null): LocalModel | null => {
    old?.revoke();
    return next;
  };

/** The app's side of what the viewer shows. */
export interface AppModels {
  readonly url: string | undefined;
  readonly name: string | undefined;
  readonly compareUrl: string | undefined;
  readonly compareName: string | undefined;
  /** The app ends its comparison (B from `compareUrl`). */
  readonly onStopCompare: (() => void) | undefined;
}

/**
 * The models the viewer shows: the app's (`url`, `compareUrl`) unless the user opened files of
 * their own. A model the app opens replaces a dropped one; blob URLs die with the viewer.
 */
export function useViewerSources(app: AppModels): ViewerSources {
  const { url, name, compareUrl, compareName } = app;
  const [local, setLocal] = useState<LocalModel | null>(null);
  const [localCompare, setLocalCompare] = useState<LocalModel | null>(null);

  const fromApp = useMemo(() => appSource(url, name), [url, name]);
  const source = local?.source ?? fromApp;
  const compareFromApp = useMemo(
    () => appSource(compareUrl, compareName),
    [compareUrl, compareName],
  );
  const onStopCompareRef = useLatest(app.onStopCompare);
  // A local file shown as A is a fresh inspection: the app's comparison is not carried over.
  const compareSource = source
    ? (localCompare?.source ?? (local ? undefined : compareFromApp))
    : undefined;

  // A model the app opens replaces a dropped one.
  const localRef = useLatest(local);
  useEffect(() => {
    const current = localRef.current;
    if (current) {
      current.revoke();
      setLocal(null);
    }
  }, [url, localRef]);
  // Blob URLs die with the viewer.
  const compareRef = useLatest(localCompare);
  useEffect(
    () => () => {
      localRef.current?.revoke();
      compareRef.current?.revoke();
    },
    [localRef, compareRef],
  );

  const openLocal = useCallback((model: LocalModel, as: 'open' | 'compare') => {
    if (as === 'compare') {
      setLocalCompare(replacing(model));
    } else {
      setLocal(replacing(model));
      // A new model starts a fresh inspection: no comparison carried over.
      setLocalCompare(replacing(null));
    }
  }, []);
  const closeLocal = useCallback(() => {
    setLocal(replacing(null));
    setLocalCompare(replacing(null));
  }, []);
  const stopCompare = useCallback(() => {
    setLocalCompare(replacing(null));
    onStopCompareRef.current?.();
  }, [onStopCompareRef]);

  return { source, compareSource, openLocal, closeLocal, stopCompare };
}
