import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The WCAG 2.2 A and AA rule sets of axe-core, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits (up to 5 s) until no finite CSS transition or animation runs: a button that has just become
 * enabled fades from grey to its colour in 250 ms, and axe measuring it halfway reports a contrast no
 * user reads. Endless animations (a spinner) are not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Moderate in axe, checked as serious here: a skipped heading level (an h3 under the h1) misleads
 * whoever moves through a page by its headings.
 */
const CHECKED_MODERATE = new Set(['heading-order']);

/**
 * axe-core on the current page (or on `include`, a CSS selector): its serious and critical violations
 * and CHECKED_MODERATE's, one line each (rule, impact, help and the first nodes).
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name) is still marked experimental in axe and
 * off by default: it is switched on here.
 *
 * A page without frames is checked with one `axe.run` in the page (the builder's legacy mode): the
 * default mode gathers each frame's partial results and merges them in a blank page it opens and
 * closes for every check, which took more than half of each check's time. A page with a frame would
 * keep the default mode, the one that reaches into frames of another origin (the app has none today).
 * Only violations are gathered: the passing nodes were collected for nothing.
 */
export async function seriousA11yViolations(
  page: Page,
  include?: string,
  { settle = true }: { settle?: boolean } = {},
): Promise<string[]> {
  if (settle) await transitionsSettled(page);
  let builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || CHECKED_MODERATE.has(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** axe-core on the current page (or on `include`): no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  expect(await seriousA11yViolations(page, include), `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits for `dialog` to finish opening, marks it with `attr="id"` (so axe can be pointed at it and
 * the fixture checks each opening once) and answers its accessible name, or null when the dialog is
 * gone or leaving by then (MUI keeps a closing dialog in the page while it fades out).
 */
export async function settledDialog(page: Page, dialog: Locator, attr: string, id: string): Promise<string | null> {
  const marked = await dialog
    .evaluate(
      (el, [a, v]) => {
        el.setAttribute(a, v);
        return true;
      },
      [attr, id] as const,
      { timeout: 2_000 },
    )
    .catch(() => false);
  if (!marked) return null;
  await transitionsSettled(page);
  const target = page.locator(`[${attr}="${id}"]`);
  const open = await target
    .evaluate(
      (el) => {
        // A leaving MUI dialog fades out (the fade is on an ancestor: multiply the opacities up) and
        // its modal root is marked hidden again.
        let opacity = 1;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.visibility === 'hidden' || style.display === 'none') return false;
          opacity *= Number(style.opacity);
        }
        const root = el.closest('.MuiModal-root');
        return el.isConnected && opacity > 0.99 && !root?.classList.contains('MuiModal-hidden');
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => false);
  if (!open) return null;
  return target
    .evaluate(
      (el) => {
        const labelled = el.getAttribute('aria-labelledby');
        const byId = labelled ? document.getElementById(labelled.split(' ')[0] ?? '')?.textContent : null;
        return (el.getAttribute('aria-label') ?? byId ?? el.textContent ?? '').trim().slice(0, 60) || '(unnamed)';
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => null);
}
