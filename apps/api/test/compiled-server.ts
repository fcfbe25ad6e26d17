import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** apps/api/dist/server.js: what `npm start`, the image, the e2e suite and the fault suite run. */
export const COMPILED_SERVER = path.join(ROOT, 'apps/api/dist/server.js');

/**
 * Builds the server as `npm start` does (scripts/build.mjs: only when its sources changed) and
 * returns the file to run with plain `node`, no TypeScript loader.
 */
export function buildCompiledServer(): string {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'api'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`scripts/build.mjs api failed:\n${run.stdout}${run.stderr}`);
  return COMPILED_SERVER;
}
