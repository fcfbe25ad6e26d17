import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const PORT = 3144;
const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'apps/web/dist');

/** Gzip size of the JavaScript a page needs before it renders: index.html's entry and its static imports. */
function initialJsGzip(): number {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) walk(m[1]!);
  };
  if (entry) walk(entry);
  // The /login route's own chunk and its static imports load before the form shows.
  const login = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^login-.*\.js$/.test(f));
  if (login) walk(login);
  let total = 0;
  for (const f of seen) total += zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f))).length;
  return total;
}

/** `npm run bench -- --web`: build, serve with `npm start`'s server, Lighthouse 12 (mobile) on the public pages. */
export async function benchWeb(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  console.log(
    `initial JS for /login (entry + login route, static imports): ${(initialJsGzip() / 1024).toFixed(1)} KB gzip (goal <= 150)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 240; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const page of ['/login', '/signup']) {
      const out = path.join(dataDir, `lh${page.replace('/', '-')}.json`);
      execFileSync(
        'npx',
        [
          '--yes',
          'lighthouse@12',
          `http://127.0.0.1:${PORT}${page}`,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--chrome-flags=--headless --no-sandbox',
          '--only-categories=performance,accessibility',
        ],
        {
          cwd: root,
          stdio: 'ignore',
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        },
      );
      const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        categories: Record<string, { score: number }>;
        audits: Record<
          string,
          { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
        >;
      };
      const perf = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcp = (lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const js = (lhr.audits['network-requests']?.details?.items ?? [])
        .filter((i) => i.resourceType === 'Script')
        .reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const ok = perf >= 95 && lcp <= 2.5 && cls <= 0.1;
      console.log(
        `${page.padEnd(10)} performance ${perf}  accessibility ${Math.round((lhr.categories.accessibility?.score ?? 0) * 100)}  ` +
          `LCP ${lcp.toFixed(2)} s  CLS ${cls.toFixed(3)}  JS transferred ${(js / 1024).toFixed(1)} KB  ${ok ? 'PASS' : 'WARN'}`,
      );
    }
    console.log(
      "an influencer's signed-in /campaigns: not measured by this script yet (needs a session in Lighthouse)",
    );
  } finally {
    server.kill('SIGTERM');
  }
}
