#!/usr/bin/env node
// `node scripts/run-together.mjs typecheck lint`: runs those npm scripts at the same time (each is
// one process on one core; `npm test` waits for the slower instead of the sum) and prints each
// one's output whole when it ends, so the log reads as if they had run one after the other.
// Exits with the first failure's code once all have ended.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.env.npm_execpath;
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      // npm_execpath is npm's own CLI when an npm script runs this; otherwise `npm` from PATH.
      const child = npm
        ? spawn(process.execPath, [npm, 'run', name], { env: { ...process.env, FORCE_COLOR: '1' } })
        : spawn('npm', ['run', name], { env: { ...process.env, FORCE_COLOR: '1' }, shell: true });
      const chunks = [];
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(Buffer.concat(chunks));
        const verdict = code === 0 ? 'passed' : `FAILED (${code ?? signal})`;
        process.stdout.write(`\n== npm run ${name}: ${verdict} in ${seconds} s\n`);
        resolve(code ?? 1);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
