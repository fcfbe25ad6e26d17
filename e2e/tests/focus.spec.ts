/**
 * Issue 14: the focus ring of the theme is visible where people press most (WCAG 2.4.7, 1.4.11): at
 * least 2px and 3:1 against what it sits on (the sidebar, a card, a dialog) and against the focused
 * element; nothing keeps a highlight once focus leaves; the skip link leads past the sidebar; focus
 * returns to what opened a dialog, or goes to the new page's heading when the dialog navigates.
 */
import type { Locator, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import type { PayingBrand } from '../support/setup';
import { payingBrand, signIn } from '../support/setup';
import { expect, test } from '../support/test';

type Rgb = [number, number, number];

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface Ring {
  width: number;
  style: string;
  color: Rgb;
  /** The opaque colour behind the ring (the parent's background, composited). */
  around: Rgb;
  /** The element's own opaque background. */
  element: Rgb;
}

/** The computed focus ring of the focused element and the colours next to it. */
async function ringOf(target: Locator): Promise<Ring> {
  return target.evaluate((el) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    /** The background seen through `node`: every ancestor's background, composited over white. */
    const behind = (node: Element | null): [number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let n = node; n; n = n.parentElement) layers.push(parse(getComputedStyle(n).backgroundColor));
      let rgb: [number, number, number] = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) {
        rgb = [r * a + rgb[0] * (1 - a), g * a + rgb[1] * (1 - a), b * a + rgb[2] * (1 - a)];
      }
      return rgb.map(Math.round) as [number, number, number];
    };
    const s = getComputedStyle(el);
    const [r, g, b] = parse(s.outlineColor);
    return {
      width: parseFloat(s.outlineWidth),
      style: s.outlineStyle,
      color: [r, g, b] as [number, number, number],
      around: behind(el.parentElement),
      element: behind(el),
    };
  });
}

/** Focuses `target` as a keyboard user would get there (keyboard modality, so :focus-visible applies). */
async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Shift');
  await target.focus();
  await expect(target).toBeFocused();
}

function expectVisibleRing(ring: Ring, where: string) {
  expect(ring.style, `${where}: outline style`).toBe('solid');
  expect(ring.width, `${where}: outline width`).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.around), `${where}: ring against its background`).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, ring.element), `${where}: ring against the element`).toBeGreaterThanOrEqual(3);
}

test.describe('focus', () => {
  let brand: PayingBrand;
  test.beforeAll(async ({ request }) => {
    brand = await payingBrand(request, { emailPrefix: 'focus-brand', name: 'Focus Cafe', address: '3 Ring Road' });
  });

  test('the focus ring holds 3:1 on the sidebar, a card and a dialog, and leaves no highlight behind', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, brand.account);
    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

    // The sidebar's current entry.
    const current = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    const restingBg = await current.evaluate((el) => getComputedStyle(el).backgroundColor);
    await keyboardFocus(page, current);
    expectVisibleRing(await ringOf(current), 'current sidebar entry');
    // Another entry, not current.
    const other = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' });
    await page.keyboard.press('Tab');
    await expect(other).toBeFocused();
    expectVisibleRing(await ringOf(other), 'sidebar entry');
    // Focus has left the current entry: it looks as it did before it was focused.
    await expect.poll(() => current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(restingBg);
    await expect.poll(() => current.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

    // A button on a card (the create card is a contained, orange button).
    const create = page.getByRole('button', { name: 'Create a campaign' });
    await keyboardFocus(page, create);
    expectVisibleRing(await ringOf(create), 'contained button on a card');

    // The top bar's icon button ("Back").
    const back = page.getByRole('button', { name: 'Back' });
    await keyboardFocus(page, back);
    expectVisibleRing(await ringOf(back), 'icon button');

    // A dialog: the brand has no location yet, so Create a campaign explains that first.
    await keyboardFocus(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Missing locations' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await keyboardFocus(page, cancel);
    expectVisibleRing(await ringOf(cancel), 'button in a dialog');
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('focus returns to what opened a dialog, or to the new heading when it navigates', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/campaigns');
    const create = page.getByRole('button', { name: 'Create a campaign' });
    const dialog = page.getByRole('dialog', { name: 'Missing locations' });
    await keyboardFocus(page, create);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    // A dialog that navigates: focus goes to the new page's heading.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Add a location' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\/location$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add location' })).toBeFocused();
  });

  test('a tap on the bell while its code is on its way opens its panel once the code is in', async ({ page }) => {
    await signIn(page, brand.account);
    // The bell's code (beside the page on a wide screen) comes two seconds late.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/notification-bell-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    release();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test("after a link, the page stays in its frame until the next page's code is in, which then takes the focus", async ({
    page,
  }) => {
    await signIn(page, brand.account);
    // The insights page's code is held until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/insights-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await requested;
    await expect(page).toHaveURL(/\/insights$/);
    // While it downloads: the bookings page and the sidebar, no loading screen in their place.
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText('Loading Comped')).toHaveCount(0);
    release();
    const insights = page.getByRole('heading', { level: 1, name: 'Insights' });
    await expect(insights).toBeVisible();
    await expect(insights).toBeFocused();
  });

  test('Skip to content is the first stop of the tab order and lands on the page heading', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeFocused();
    // The next Tab goes on inside the page, not back to the sidebar.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
    expect(inMain).toBe(true);
  });
});
