/**
 * The one `test` every spec imports (`import { expect, test } from '../support/test'`).
 *
 * It fails a test on anything a user would see as broken, without the test asking for it:
 * - an uncaught exception in a page (`pageerror`),
 * - a console error (the app's error screen logs the error it shows, React logs caught render errors),
 * - an API answer with status >= 500, or a 404 to a page's GET of the API (it read something that is not there),
 * - an error screen: the app's own ("Sorry, something went wrong.") or React Router's developer screen,
 * - a serious or critical axe-core violation inside any dialog the test opens (WCAG 2.2 AA tags, see
 *   support/a11y.ts): every dialog of every flow is checked once per opening, before the test's next
 *   action or assertion on the page, without the test asking for it.
 *
 * Every page of the test's `context` is watched, and so is any context a test opens itself through
 * `watch(context)` (the role walk opens one per role and viewport).
 * A test that provokes one of these on purpose says so with `breakage.allow(/pattern/)`.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test as base } from '@playwright/test';

import { seriousA11yViolations, settledDialog } from './a11y';
import type { E2eServer } from './server';
import { startServer } from './server';

/** Text of the app's error screen (components/error-screen.tsx). */
export const ERROR_SCREEN_TEXT = 'Sorry, something went wrong.';
/** Heading of React Router's default error element: must never reach a user. */
const ROUTER_DEV_SCREEN = 'Unexpected Application Error!';

/**
 * Chromium reports every failed HTTP request as a console error ("Failed to load resource: the server
 * responded with a status of 422"). A 4xx is an expected answer the page shows (validation, 401 to
 * /login, 404 state); 5xx are caught by the response check, so these lines are not errors of the page.
 */
const NETWORK_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * The test machines have no internet: a third-party script (the card provider's) cannot load there.
 * That is the network, not the page; a failure to load from our own origin still counts.
 */
const OFFLINE =
  /^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|FAILED)/;

function isThirdParty(resource: string, pageUrl: string): boolean {
  try {
    return new URL(resource).origin !== new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/**
 * For a test of what a user's build downloads and when: this page takes the API's answers as a
 * user's build does, without loading zod and the schemas to check them (ADR 028).
 */
export async function asUsersBuild(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.removeItem('comped.check-answers'));
}

export interface Breakage {
  /** Everything seen so far, one line each. */
  readonly problems: string[];
  /** Accepts problems matching `pattern` for the rest of the test (a test provoking a 500 on purpose). */
  allow(pattern: RegExp): void;
  /** Watches every page of another context too (for contexts the test opens itself). */
  watch(context: BrowserContext): Promise<void>;
  /** Throws if anything was seen (called after each test; call it mid-test to fail early). */
  check(): void;
}

function createBreakage(): Breakage {
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  const watchedPages = new WeakSet<Page>();
  const watchedContexts = new WeakSet<BrowserContext>();
  const record = (line: string) => {
    if (!allowed.some((p) => p.test(line))) problems.push(line);
  };

  const watchPage = (page: Page) => {
    if (watchedPages.has(page)) return;
    watchedPages.add(page);
    checkDialogsOf(page, record).catch((err: unknown) => record(`dialog check could not start: ${String(err)}`));
    page.on('pageerror', (err) => record(`uncaught page error on ${page.url()}: ${err.stack ?? err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error' || NETWORK_4XX.test(msg.text())) return;
      if (OFFLINE.test(msg.text()) && isThirdParty(msg.location().url, page.url())) return;
      record(`console error on ${page.url()}: ${msg.text()} (${msg.location().url})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 500) record(`HTTP ${res.status()} for ${res.request().method()} ${res.url()}`);
      // A page that reads a resource which is not there is a bug (a wrong id, a query that should not
      // run), even when the page hides it: the browser logs it as a console error. A test that opens a
      // missing resource on purpose says so with breakage.allow.
      else if (res.status() === 404 && res.request().method() === 'GET' && /\/api\/v1\//.test(res.url())) {
        record(`HTTP 404 for GET ${res.url()}`);
      }
    });
  };

  const watch = async (context: BrowserContext) => {
    if (watchedContexts.has(context)) return;
    watchedContexts.add(context);
    // Runs in every page before its scripts: reports an error screen the moment it is rendered, even if
    // the test navigates away before it looks.
    // No test may depend on the internet (there is none on CI): third-party requests fail at once
    // instead of waiting for a DNS answer that never comes.
    await context.route(/^https:\/\//, (route) => route.abort('internetdisconnected'));
    // The built app trusts the API's answers; here it checks every one against the shared schemas
    // (apps/web/src/lib/api-client.ts), so a fetcher reading the wrong shape fails its test.
    await context.addInitScript(() => {
      // about:blank and other opaque origins have no storage (and no app to check).
      try {
        localStorage.setItem('comped.check-answers', '1');
      } catch {
        // nothing to check there
      }
    });
    await context.exposeBinding('__e2eErrorScreen', ({ page }, text: string) =>
      record(`error screen on ${page.url()}: ${text}`),
    );
    await context.addInitScript(
      ([own, router]) => {
        let reported = false;
        const look = () => {
          if (reported || !document.body) return;
          const text = document.body.textContent ?? '';
          const hit = text.includes(own) ? own : text.includes(router) ? router : null;
          if (hit) {
            reported = true;
            (window as unknown as { __e2eErrorScreen: (t: string) => void }).__e2eErrorScreen(hit);
          }
        };
        let pending = false;
        new MutationObserver(() => {
          // One look per burst of DOM changes.
          if (reported || pending) return;
          pending = true;
          setTimeout(() => {
            pending = false;
            look();
          }, 50);
        }).observe(document, { childList: true, subtree: true });
      },
      [ERROR_SCREEN_TEXT, ROUTER_DEV_SCREEN] as const,
    );
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
  };

  return {
    problems,
    allow: (pattern) => {
      allowed.push(pattern);
      for (let i = problems.length - 1; i >= 0; i -= 1) if (pattern.test(problems[i]!)) problems.splice(i, 1);
    },
    watch,
    check: () => {
      expect(problems, 'the page broke (page error, console error, 5xx or an error screen)').toEqual([]);
    },
  };
}

/** Attribute a dialog gets once axe has looked at it (each opening renders a new element). */
const CHECKED = 'data-e2e-axe';
let dialogSerial = 0;

/**
 * axe on every dialog the page shows. Playwright runs a locator handler before each action and each
 * auto-waiting assertion while its locator is visible, and the test waits for it: so the check never
 * races the test's own steps or its own axe runs, and a dialog is looked at while it is open, before
 * whatever the test does in it. The handler waits for the opening transition (a half-faded dialog has
 * contrasts no user reads) and skips a dialog that is already leaving. `E2E_DIALOG_LOG` names a file
 * that gets one line per checked dialog (how docs/accessibility.md counts them).
 */
async function checkDialogsOf(page: Page, record: (line: string) => void): Promise<void> {
  const unchecked = page.locator(`:is([role="dialog"], [role="alertdialog"]):not([${CHECKED}])`).first();
  await page.addLocatorHandler(
    unchecked,
    async (dialog) => {
      const id = `d${(dialogSerial += 1)}`;
      const name = await settledDialog(page, dialog, CHECKED, id);
      if (name === null) return; // closed or closing before it settled: nothing a user reads
      const violations = await seriousA11yViolations(page, `[${CHECKED}="${id}"]`, { settle: false });
      if (process.env.E2E_DIALOG_LOG) {
        const { appendFileSync } = await import('node:fs');
        appendFileSync(process.env.E2E_DIALOG_LOG, `${new URL(page.url()).pathname}\t${name}\t${violations.length}\n`);
      }
      for (const v of violations) record(`axe in dialog "${name}" on ${page.url()}: ${v}`);
    },
    { noWaitAfter: true },
  );
}

export const test = base.extend<{ breakage: Breakage }, { server: E2eServer }>({
  // The worker's own server (support/server.ts); every page, context and request of its tests goes there.
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.workerIndex);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  breakage: [
    async ({ context }, use) => {
      const breakage = createBreakage();
      await breakage.watch(context);
      await use(breakage);
      breakage.check();
    },
    { auto: true },
  ],
});

export { expect };
