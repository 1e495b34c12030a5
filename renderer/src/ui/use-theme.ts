/**
 * The Appearance setting on the page: `light` or `dark` pins that theme through `data-theme` on
 * the root element (ui/tokens.css sets `color-scheme` from it); `system`, or no setting yet,
 * removes it, and the tokens follow `prefers-color-scheme` as the OS changes.
 */
import { useEffect } from 'react';
import type { Theme } from '../../../shared/settings';

/** Applies `theme` to the document while the calling component is mounted. */
export function useTheme(theme: Theme | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'light' || theme === 'dark') root.dataset['theme'] = theme;
    else delete root.dataset['theme'];
  }, [theme]);
}
