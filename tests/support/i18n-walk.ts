/**
 * What the language walk (tests/e2e/i18n-walk.spec.ts) reads on a screen: the words a person
 * reads in a region, and the elements whose text runs out of their box.
 */
import type { Page } from '@playwright/test';

/**
 * Elements that show the user's own data, not Kiln's words: a model's name (the library's
 * cards, the detail's title, the viewer's caption) reads the same in every language.
 */
const USER_DATA = '.library-card-name, [data-testid="detail-name"], [data-testid="model-name"]';

/** The words a person reads in `region`: visible text, and accessible names and hints. */
export async function wordsIn(page: Page, region: string): Promise<string[]> {
  return page
    .locator(region)
    .first()
    .evaluate((root, userData) => {
      const out = new Set<string>();
      const visible = (el: Element | null) =>
        !!el &&
        (el as HTMLElement).offsetParent !== null &&
        getComputedStyle(el).visibility !== 'hidden';
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const text = walker.currentNode.textContent?.trim() ?? '';
        const parent = walker.currentNode.parentElement;
        if (text && visible(parent) && !parent?.closest(userData)) out.add(text);
      }
      for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
        for (const name of ['aria-label', 'title', 'placeholder']) {
          const value = el.getAttribute(name)?.trim();
          if (value && visible(el)) out.add(value);
        }
      }
      return [...out].filter((t) => /\p{L}{3,}/u.test(t));
    }, USER_DATA);
}

/**
 * The elements in `region` whose own text is cut off: it scrolls inside a box that does not
 * show it whole, or spills out of a parent that hides what spills. An ellipsis is a choice (a
 * long model name) and text for screen readers only is clipped on purpose; neither counts.
 */
export async function clippedIn(page: Page, region: string): Promise<string[]> {
  return page
    .locator(region)
    .first()
    .evaluate((root) => {
      const out: string[] = [];
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.offsetParent === null || !el.textContent?.trim()) continue;
        const style = getComputedStyle(el);
        if (style.clip !== 'auto' || style.clipPath !== 'none' || el.clientWidth <= 1) continue;
        if (style.textOverflow === 'ellipsis') continue;
        const own = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        if (!own) continue;
        const text = el.textContent.trim().slice(0, 60);
        if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
          out.push(`${el.tagName.toLowerCase()}.${el.className}: ${text}`);
        }
        const box = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        if (
          parent &&
          box.right > parent.right + 2 &&
          getComputedStyle(el.parentElement!).overflowX === 'hidden'
        ) {
          out.push(`${el.tagName.toLowerCase()} spills out: ${text}`);
        }
      }
      return out;
    });
}
