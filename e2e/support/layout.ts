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

/**
 * Records the page's layout shifts from its first paint on (a PerformanceObserver installed before
 * the app's code, as Lighthouse's CLS counts them: shifts without a recent input). Call before
 * `page.goto`; read them with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"` : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (`recordLayoutShifts`), each with what moved. */
export function layoutShifts(page: Page): Promise<{ value: number; sources: string[] }[]> {
  return page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts,
  );
}
