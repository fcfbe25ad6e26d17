/**
 * `npm run lint:openapi`: builds the app as production would serve it (no test routes), on an
 * in-memory PGlite and without listening, writes its OpenAPI document to a temporary file and runs
 * `redocly lint` (rules: redocly.yaml at the repository root) on it. Exits with Redocly's status,
 * so any error fails the lint. `--out <file>` also keeps a copy of the document.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

const root = path.resolve(import.meta.dirname, '../../..');

async function writeDocument(file: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '0',
    STAFF_PASSWORD: 'openapi-only',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const database = await openDatabase({ inMemory: true });
  try {
    await runMigrations(database);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    fs.writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const outIndex = process.argv.indexOf('--out');
const keep = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-openapi-doc-'));
const file = path.join(tmp, 'openapi.json');
try {
  await writeDocument(file);
  if (keep) fs.copyFileSync(file, path.resolve(keep));
  const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const result = spawnSync(
    process.execPath,
    [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'],
    // The npm script sets REDOCLY_TELEMETRY=off: linting sends nothing anywhere.
    { stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
