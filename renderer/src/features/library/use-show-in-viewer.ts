import { useCallback } from 'react';
import { useKiln } from '../../store/StoreProvider';

/**
 * Wraps what shows a model in the viewer (open, compare): chosen in the library workspace, it
 * also returns to the viewer, which the workspace covers.
 */
export function useShowInViewer(): <T>(show: () => T) => T {
  const setWorkspace = useKiln((s) => s.setWorkspace);
  return useCallback(
    <T>(show: () => T): T => {
      setWorkspace(false);
      return show();
    },
    [setWorkspace],
  );
}
