import path from 'node:path';

/**
 * Where the server finds what it reads at run time, and how it starts a process of its own. This
 * file runs from apps/api/src (tsx, vitest) or bundled into apps/api/dist/server.js (`npm start`,
 * the image): one level below apps/api either way, so keep it directly in src/.
 */
const API_ROOT = path.resolve(import.meta.dirname, '..');

/** Whether this is the compiled bundle (dist/*.js) rather than the TypeScript source. */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');

/** The generated SQL migrations (apps/api/drizzle). */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** The web app's build when `WEB_DIST` is not set (apps/web/dist). */
export const DEFAULT_WEB_DIST = path.join(API_ROOT, '../web/dist');

/**
 * How to start another of the API's entry points (`name` relative to src/, without extension, e.g.
 * `'lib/images/some-worker'`) as a child process on this same Node: its built file when this is the
 * build, or its source through tsx in development and tests. The entry point must be listed in
 * scripts/build.mjs (API_ENTRY_POINTS). Use as `spawn(process.execPath, [...execArgv, file])` or
 * `fork(file, args, { execArgv })`.
 */
export function entryPointCommand(name: string): { file: string; execArgv: string[] } {
  return RUNS_COMPILED
    ? { file: path.join(API_ROOT, 'dist', `${name}.js`), execArgv: [] }
    : { file: path.join(API_ROOT, 'src', `${name}.ts`), execArgv: ['--import', 'tsx'] };
}
