import { useLayoutEffect, useRef } from 'react';

/** What {@link useBottomEdge} measures and where it writes. */
export interface BottomEdge {
  /** The element whose bottom edge is kept (a toolbar that wraps, a header that grows). */
  readonly source: Element;
  /** Gets the CSS property; its own top edge is the origin, or the window's when `fixed`. */
  readonly target: HTMLElement;
  /** The target is `position: fixed`: the edge is measured from the window's top. */
  readonly fixed?: boolean;
}

/**
 * Keeps the CSS custom property `property` on a target element at the bottom edge of a source
 * element, in px below the target's top edge, as the source resizes. What must start below the
 * source (the viewer's inspector below its toolbar, however many rows it wraps onto; the account
 * page below the header, however tall its notice makes it) is placed by CSS with
 * `var(property)`, so nothing covers it. `locate` finds the two elements once, after mount.
 * Written to the style directly: a re-render per resize would buy nothing.
 */
export function useBottomEdge(locate: () => BottomEdge | null, property: `--${string}`): void {
  const locateOnMount = useRef(locate);
  useLayoutEffect(() => {
    const edge = locateOnMount.current();
    if (!edge) return;
    const { source, target, fixed } = edge;
    const measure = (): void => {
      const origin = fixed ? 0 : target.getBoundingClientRect().top;
      const bottom = source.getBoundingClientRect().bottom - origin;
      target.style.setProperty(property, `${Math.round(bottom)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(source);
    return () => observer.disconnect();
  }, [property]);
}
