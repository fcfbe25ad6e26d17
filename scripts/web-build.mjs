#!/usr/bin/env node
// Builds the web app only when its sources changed since the last build (`npm start` runs this
// first, so a second start is quick); `--force` always builds (`npm run build`). The stamp is a
// hash of every input of the build, kept beside dist/ so it is never served.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, '.dist-hash');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((d) => (d.name === 'node_modules' ? [] : files(path.join(rel, d.name))))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const f of INPUTS.flatMap(files).sort()) {
    hash
      .update(f.split(path.sep).join('/'))
      .update('\0')
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const before = inputsHash();
const current =
  !force &&
  fs.existsSync(path.join(web, 'dist/index.html')) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8').trim() === before;
if (current) {
  console.log('web app build is current (apps/web/dist); not rebuilding');
  process.exit(0);
}
// An image without the build tools (dev packages pruned) serves the build it was made with.
const canBuild =
  fs.existsSync(path.join(root, 'node_modules/vite')) || fs.existsSync(path.join(web, 'node_modules/vite'));
if (!force && !canBuild && fs.existsSync(path.join(web, 'dist/index.html'))) {
  console.log('web app build tools are not installed; serving the existing apps/web/dist');
  process.exit(0);
}
fs.rmSync(stampFile, { force: true });
const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
// Written only when the sources did not change during the build.
if (inputsHash() === before) fs.writeFileSync(stampFile, `${before}\n`);
