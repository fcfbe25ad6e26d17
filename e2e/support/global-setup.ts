/**
 * Before the workers start: the compiled API server, built if its sources changed (what `npm start`
 * does first), so each worker starts the same file; and no data left from an earlier run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { E2E_DATA_ROOT } from './api';

export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`building the API failed (${build.status ?? build.signal})`);
  fs.rmSync(E2E_DATA_ROOT, { recursive: true, force: true });
}
