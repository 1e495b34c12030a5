/**
 * The photo the user chose in the Create panel, checked with the service's rules as soon as it
 * is chosen: a refused file never gets further than this hook.
 */
import { useCallback, useEffect, useState } from 'react';
import { checkPhoto } from '../../../../shared/api/rules';
import { readHead } from './read-head';

/** A checked photo and its preview. */
export interface ChosenPhoto {
  readonly file: File;
  readonly previewUrl: string;
}

/** State and actions of the photo choice. */
export function usePhotoChoice() {
  const [photo, setPhoto] = useState<ChosenPhoto | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.previewUrl) : undefined), [photo]);

  const choose = useCallback(async (files: readonly File[]) => {
    if (files.length === 0) return;
    if (files.length > 1) {
      setError(`You dropped ${files.length} files. Drop one photo of one object.`);
      return;
    }
    const file = files[0]!;
    const check = checkPhoto({ name: file.name, size: file.size, head: await readHead(file) });
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(undefined);
    setPhoto({ file, previewUrl: URL.createObjectURL(file) });
  }, []);

  const clear = useCallback(() => setPhoto(undefined), []);
  return { photo, error, setError, choose, clear };
}
