// `npm run dev`: the API with reload on 3001 and Vite with hot reload on 3000 (it proxies /api and /files).
// Both run on this same Node (process.execPath), whichever `node` comes first on the PATH.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The file of a package's command (`tsx`, `vite`), as installed for the workspace at `dir`. */
function binOf(dir, name) {
  const manifest = createRequire(path.join(root, dir, 'package.json')).resolve(`${name}/package.json`);
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
}

const procs = [
  spawn(process.execPath, [binOf('apps/api', 'tsx'), 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn(process.execPath, [binOf('apps/web', 'vite')], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
