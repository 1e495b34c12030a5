import { useEffect } from 'react';
import { keyBelongsToFocus } from '../../ui/keys';
import { useLatest } from '../use-latest';

/**
 * Escape ends a comparison, wherever the focus is (the library's Compare button the user just
 * pressed, the viewer, its panels): the way out of a mode in desktop 3D tools. Escape that
 * something else already used (`preventDefault`), or that belongs to a text field or a dialog,
 * is left alone.
 */
export function useCompareEscape(comparing: boolean, stop: () => void): void {
  const stopRef = useLatest(stop);
  useEffect(() => {
    if (!comparing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (keyBelongsToFocus(event.target)) return;
      event.preventDefault();
      stopRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [comparing, stopRef]);
}
