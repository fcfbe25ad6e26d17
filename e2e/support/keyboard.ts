/**
 * Keyboard-only helpers (issue 14): moving through a page with Tab and arrow keys as a user without a
 * mouse does, and describing where the focus is when it is not where a test expects it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** One line about `document.activeElement`: tag, role, name and a little text (for failure messages). */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const label =
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>${label ? ` "${label}"` : ''}${
      text && text !== label ? ` ${text}` : ''
    }`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; fails with every stop on the
 * way when it is not reached within `max` presses. Returns the number of presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; backwards?: boolean } = {},
): Promise<number> {
  const max = options.max ?? 40;
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  await expect(target, 'the Tab target is on the page').toBeVisible();
  const stops: string[] = [];
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return i;
    stops.push(await describeFocus(page));
  }
  throw new Error(`${key} never reached ${target.toString()} in ${max} presses. Stops:\n  ${stops.join('\n  ')}`);
}

/** Presses `key` until `done()` holds (checked after each press); fails after `max` presses. */
export async function pressUntil(
  page: Page,
  key: string,
  done: () => Promise<boolean>,
  what: string,
  max = 40,
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await done()) return;
    await page.keyboard.press(key);
  }
  if (await done()) return;
  throw new Error(`${key} x${max} never reached ${what}; focus is on ${await describeFocus(page)}`);
}

/** The date (YYYY-MM-DD, local time) of the focused day of an open MUI calendar, or null. */
export function focusedCalendarDay(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const ts = document.activeElement?.getAttribute('data-timestamp');
    if (!ts) return null;
    const d = new Date(Number(ts));
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
}

/**
 * In an open MUI calendar, moves the focused day with the arrow keys to `yyyymmdd` (a week at a time
 * with ArrowDown/ArrowUp, then a day at a time) and checks each press moved the focus to a day.
 */
export async function arrowToDay(page: Page, yyyymmdd: string, max = 80): Promise<void> {
  const target = new Date(`${yyyymmdd}T12:00:00`).getTime();
  for (let i = 0; i < max; i += 1) {
    // Past the month's last day the calendar slides to the next month and the focus follows the day
    // once it is there: wait for it, not for the slide's first frame. On a loaded two-core machine the
    // slide took longer than a second (the focus then was on the next month's first day).
    const day = await expect
      .poll(() => focusedCalendarDay(page), { timeout: 5_000 })
      .not.toBeNull()
      .then(() => focusedCalendarDay(page))
      .catch(() => null);
    if (!day) throw new Error(`the focus left the calendar: ${await describeFocus(page)}`);
    if (day === yyyymmdd) return;
    const diffDays = Math.round((target - new Date(`${day}T12:00:00`).getTime()) / 86_400_000);
    const key = diffDays >= 7 ? 'ArrowDown' : diffDays <= -7 ? 'ArrowUp' : diffDays > 0 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
  }
  throw new Error(`arrow keys never reached ${yyyymmdd}; focus is on ${await describeFocus(page)}`);
}
