/**
 * The landing pages' styles come with the page (ADR 030): the pages a visit starts on (/login,
 * /signup, a brand's /dashboard, /campaigns, /bookings and /inbox, a media user's /dashboard,
 * /campaigns, /bookings, visit pass and /inbox), on a phone and on a desktop, render without emotion
 * inserting a rule of its own: every class they use is in the shipped stylesheet
 * (apps/web/src/app/first-paint-styles.css) and named in the page's `<style data-emotion>`.
 *
 * With COMPED_FIRST_PAINT_STYLES=write (`npm run styles:first-paint`, on a build made with the same
 * setting, which ships no styles) the test writes that file instead: every rule emotion inserted on
 * those pages, each once, in the order the pages first needed them. Every rule, not only those of the
 * classes the page shows: a component that styles another (MUI's InputLabel is a styled FormLabel)
 * inserts its own class's rules, which the element never carries.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import type { Account, BrandWithLocation } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  payingBrandWithLocation,
  pendingBooking,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';

const WRITE = process.env.COMPED_FIRST_PAINT_STYLES === 'write';
const STYLES_FILE = path.resolve(import.meta.dirname, '../../apps/web/src/app/first-paint-styles.css');
const HEADER =
  "/* The CSS emotion writes for the landing pages' first render (docs/decisions/030-first-paint-styles.md).\n" +
  '   Written by `npm run styles:first-paint`; do not edit. */\n';

const BRAND = 'Landing Larder';
const CAMPAIGN = 'Landing lunch';
const MEDIA = 'Lena Lander';
const OTHER_MEDIA = 'Otto Early';

const VIEWPORTS = [
  { name: 'phone', size: { width: 390, height: 844 }, isMobile: true },
  { name: 'desktop', size: { width: 1280, height: 800 }, isMobile: false },
] as const;

interface Landing {
  who: 'visitor' | 'brand' | 'media';
  path: string;
  /** A text the page shows once its content is in. */
  shows: string;
}

/** What a page's emotion classes were, read in the page. */
interface PageStyles {
  /** The rules emotion inserted at run time, in order (its own `<style data-emotion="css">` tags). */
  inserted: string[];
  /** The shipped stylesheet's rules, in order. */
  shipped: string[];
  /** The classes the page's `<style data-emotion="css ...">` names. */
  named: string[];
}

async function pageStyles(page: Page): Promise<PageStyles> {
  return page.evaluate(() => {
    const rules = (sheet: CSSStyleSheet | null) => Array.from(sheet?.cssRules ?? [], (r) => r.cssText);
    const runtime = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]'));
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/first-paint-"]');
    const names = document.querySelector('style[data-emotion^="css "]')?.getAttribute('data-emotion') ?? '';
    return {
      inserted: runtime.flatMap((tag) => rules(tag.sheet)),
      shipped: rules(link?.sheet ?? null),
      named: names.split(' ').slice(1),
    };
  });
}

/** The emotion class a rule styles (its first), or null for a rule of no class (keyframes). */
function classOf(rule: string): string | null {
  return /\.css-([a-z0-9]+)/.exec(rule)?.[1] ?? null;
}

/** Every rule the pages inserted, each once, in the order they were first needed. */
function rulesToShip(pages: PageStyles[]): string[] {
  return [...new Set(pages.flatMap((p) => p.inserted))];
}

test.describe.serial("the landing pages' styles come with the page", () => {
  let brand: BrandWithLocation;
  let media: Account;
  let passId = 0;
  const collected: PageStyles[] = [];
  let viewportsDone = 0;

  test.beforeAll(async ({ request }) => {
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'landing-brand',
      name: BRAND,
      address: '9 Larder Row',
      location: { name: 'Larder Room', address: '9 Larder Row, New York', email: 'larder@example.test' },
    });
    const campaignId = await approvedCampaign(request, brand, {
      name: CAMPAIGN,
      description: 'A landing lunch at the larder.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 50, max_bookings_per_week: 10, max_guests: 2 },
    });
    media = await approvedMediaUser(request, {
      emailPrefix: 'landing-media',
      type: 'influencer',
      name: MEDIA,
      instagram: 'lena.lander',
    });
    const other = await approvedMediaUser(request, {
      emailPrefix: 'landing-other',
      type: 'influencer',
      name: OTHER_MEDIA,
      instagram: 'otto.early',
    });
    const visit = { brand, campaignId, time: '12:00', guests: 1 };
    passId = await acceptedBooking(request, { ...visit, media, date: dayFromToday(2) });
    await pendingBooking(request, { ...visit, media: other, date: dayFromToday(3) });
  });

  const landings = (): Landing[] => [
    { who: 'visitor', path: '/login', shows: 'Welcome Back' },
    { who: 'visitor', path: '/signup', shows: 'SIGN UP AS A BRAND' },
    { who: 'brand', path: '/dashboard', shows: MEDIA },
    { who: 'brand', path: '/campaigns', shows: CAMPAIGN },
    { who: 'brand', path: '/bookings', shows: OTHER_MEDIA },
    { who: 'brand', path: '/inbox', shows: OTHER_MEDIA },
    { who: 'media', path: '/dashboard', shows: CAMPAIGN },
    { who: 'media', path: '/campaigns', shows: CAMPAIGN },
    { who: 'media', path: '/bookings/upcoming', shows: CAMPAIGN },
    { who: 'media', path: `/bookings/${passId}/pass`, shows: 'Check-in code' },
    { who: 'media', path: '/inbox', shows: BRAND },
  ];

  for (const viewport of VIEWPORTS) {
    test(`on a ${viewport.name}, no landing page inserts a rule of its own`, async ({ browser, baseURL, breakage }) => {
      // One context, its pages one after the other: the visitor's first, then each page signs in as its user.
      const context = await browser.newContext({
        baseURL,
        viewport: viewport.size,
        isMobile: viewport.isMobile,
        serviceWorkers: 'block',
      });
      await breakage.watch(context);
      try {
        const missing: string[] = [];
        for (const landing of landings()) {
          const page = await context.newPage();
          if (landing.who === 'brand') await signIn(page, brand.account);
          if (landing.who === 'media') await signIn(page, media);
          await page.goto(landing.path);
          await expect(page.getByText(landing.shows).first()).toBeVisible();
          if (landing.who !== 'visitor')
            await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
          // The parts that come after the content (the sidebar's, the bell's, the live events') have rendered.
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
          const styles = await pageStyles(page);
          collected.push(styles);
          if (WRITE) {
            expect(styles.shipped, `${landing.path}: a build without the shipped styles`).toEqual([]);
          } else {
            expect(styles.shipped, `${landing.path}: the shipped stylesheet`).not.toEqual([]);
            // Emotion skips only the classes the page names: every shipped class must be among them.
            const named = new Set(styles.named);
            const unnamed = styles.shipped.map(classOf).filter((name) => name !== null && !named.has(name));
            expect(unnamed, `${landing.path}: shipped classes not named for emotion`).toEqual([]);
            const own = styles.inserted.filter((rule) => classOf(rule) !== null);
            if (own.length > 0) missing.push(`${landing.path}: ${own.join('\n    ')}`);
          }
          await page.close();
        }
        expect(
          missing,
          'rules the pages inserted that the shipped stylesheet lacks: run npm run styles:first-paint',
        ).toEqual([]);
        viewportsDone += 1;
      } finally {
        await context.close();
      }
    });
  }

  test.afterAll(() => {
    // Only from a whole run: a failed page would leave its rules out.
    if (!WRITE || viewportsDone < VIEWPORTS.length) return;
    fs.writeFileSync(STYLES_FILE, HEADER + rulesToShip(collected).join('\n') + '\n');
  });
});
