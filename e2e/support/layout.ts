import type { Page } from '@playwright/test';

/**
 * Whether the page scrolls sideways: null when the document is no wider than the window (a box that
 * scrolls inside itself, a wide table in its container, does not widen it), otherwise a line saying how
 * wide it is and, as a hint of what to fix, the innermost elements that reach furthest right outside any
 * scrolling box (tag, classes, text).
 */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const insideScrollBox = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const outside = Array.from(document.body.querySelectorAll('*'))
      .map((el) => ({ el, right: Math.round(el.getBoundingClientRect().right + window.scrollX) }))
      .filter(({ el, right }) => right > width + 1 && el.getClientRects().length > 0 && !insideScrollBox(el))
      // The innermost ones: an element whose child sticks out as far is the child's doing.
      .filter(({ el, right }, _i, all) => !all.some((o) => o.el !== el && el.contains(o.el) && o.right >= right))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => {
        const classes = Array.from(el.classList)
          .filter((c) => !c.startsWith('css-'))
          .join('.');
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}" reaches ${right}px`;
      });
    return `the page is ${root.scrollWidth}px wide in a ${width}px window: ${outside.join('; ') || 'nothing visible sticks out'}`;
  });
}
