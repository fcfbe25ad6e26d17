#!/usr/bin/env node
// Builds what is stale: the web app (Vite) and the API server (esbuild). `npm start` runs this first,
// so a second start builds nothing; `--force` always builds (`npm run build`). Each target's stamp is
// a hash of every input of its build, kept beside its output so it is never served.
// Usage: node scripts/build.mjs [web] [api] [--force]   (no target: both)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const api = path.join(root, 'apps/api');

/**
 * The API's entry points, under apps/api/src: each becomes dist/<same path>.js. A process the server
 * starts (a worker) is an entry point of its own: add its file here and start it through
 * `entryPointCommand` (apps/api/src/package-paths.ts), which picks the built file or the source.
 */
const API_ENTRY_POINTS = ['server.ts', 'svg-raster-worker.ts'];

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((d) => (d.name === 'node_modules' ? [] : files(path.join(rel, d.name))))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const f of inputs.flatMap(files).sort()) {
    hash
      .update(f.split(path.sep).join('/'))
      .update('\0')
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether a package can be loaded from `dir` (an image without the dev packages has no build tools). */
function installed(dir, name) {
  try {
    createRequire(path.join(dir, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function buildWeb() {
  // Vite on this same Node (process.execPath), whichever `node` comes first on the PATH.
  const vite = path.join(
    path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const run = spawnSync(process.execPath, [vite, 'build'], { cwd: web, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/**
 * The server and its workers as plain JavaScript: one ES module per entry point with @comped/shared
 * bundled in (it is TypeScript source) and every other package left to node_modules. A package the
 * bundle imports must be one of apps/api's dependencies, or the image (dev packages pruned) would
 * lack it at run time: the build fails if it is not.
 */
async function buildApi() {
  const esbuild = await import(createRequire(path.join(root, 'package.json')).resolve('esbuild'));
  const pkg = JSON.parse(fs.readFileSync(path.join(api, 'package.json'), 'utf8'));
  const outdir = path.join(api, 'dist');
  const result = await esbuild.build({
    absWorkingDir: api,
    entryPoints: API_ENTRY_POINTS.map((entry) => path.join(api, 'src', entry)),
    outbase: path.join(api, 'src'),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Error classes and functions keep their names in logs and stack traces.
    keepNames: true,
    // `NODE_OPTIONS=--enable-source-maps` maps a stack trace back to the TypeScript source.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@comped/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const builtin = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtin.has(imported.path)) continue;
      const parts = imported.path.split('/');
      const name = imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (!pkg.dependencies?.[name]) missing.add(name);
    }
  }
  if (missing.size > 0) {
    console.error(
      `apps/api's build imports ${[...missing].join(', ')}, not in apps/api's "dependencies": ` +
        'the image (dev packages pruned) would not have it. Move it there, or keep it out of src/.',
    );
    process.exit(1);
  }
  // Each file is written beside its place and renamed over it: a server starting meanwhile reads
  // the old file or the new one, never half of one. Files of an earlier build that this one did not
  // write (an entry point removed) go afterwards.
  const written = new Set();
  for (const file of result.outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
    written.add(file.path);
  }
  for (const entry of fs.readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !written.has(file)) fs.rmSync(file);
  }
}

const TARGETS = {
  web: {
    label: 'web app',
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/.dist-hash',
    tools: [web, 'vite'],
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
    ],
    build: buildWeb,
  },
  api: {
    label: 'API server',
    output: `apps/api/dist/${API_ENTRY_POINTS[0].replace(/\.ts$/, '.js')}`,
    stamp: 'apps/api/.dist-hash',
    tools: [root, 'esbuild'],
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    build: buildApi,
  },
};

const force = process.argv.includes('--force');
const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const name of asked) {
  if (!TARGETS[name]) {
    console.error(`unknown build target "${name}": ${Object.keys(TARGETS).join(', ')}`);
    process.exit(2);
  }
}
for (const name of asked.length ? asked : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  const output = path.join(root, target.output);
  const stampFile = path.join(root, target.stamp);
  const before = inputsHash(target.inputs);
  const current =
    !force && fs.existsSync(output) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === before;
  if (current) {
    console.log(`${target.label} build is current (${path.dirname(target.output)}); not rebuilding`);
    continue;
  }
  // An image without the build tools (dev packages pruned) runs the build it was made with.
  if (!force && !installed(...target.tools) && fs.existsSync(output)) {
    console.log(`${target.label} build tools are not installed; using the existing ${path.dirname(target.output)}`);
    continue;
  }
  fs.rmSync(stampFile, { force: true });
  const started = performance.now();
  await target.build();
  // Written only when the sources did not change during the build.
  if (inputsHash(target.inputs) === before) fs.writeFileSync(stampFile, `${before}\n`);
  if (name === 'api') console.log(`API server built in ${Math.round(performance.now() - started)} ms (apps/api/dist)`);
}
