#!/usr/bin/env node
// Runs before `npm start`, `npm run dev` and `npm test`: on a Node older than the one Comped needs
// (package.json "engines"), says in words what to do instead of failing later on something obscure.
// `npm install` puts that Node in node_modules (the `node` package, a devDependency) and npm scripts
// run on it; so an old Node here means the install did not happen or was blocked.
// Plain JavaScript with no dependencies, so that an old Node runs it before anything is installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `>=24.11.0` -> [24, 11, 0]: the one form "engines" uses here.
 * @param {string} range
 * @returns {number[]}
 */
function minimumOf(range) {
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`package.json "engines.node" must read ">=X.Y.Z" (it reads "${range}")`);
  return match.slice(1).map(Number);
}

/**
 * What to tell a person whose Node is `version` (`v20.20.2`) when Comped needs `range`, or null when it is fine.
 * @param {string} version
 * @param {string} range
 * @returns {string | null}
 */
export function nodeVersionProblem(version, range) {
  const minimum = minimumOf(range);
  const current = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (current[i] > minimum[i]) return null;
    if (current[i] < minimum[i]) {
      const wanted = minimum.join('.');
      return [
        `Comped needs Node.js ${wanted} or newer; this is Node.js ${version}.`,
        `Run \`npm install\` in the project's folder: it installs Node.js ${minimum[0]} from the npm registry into node_modules (the \`node\` package), and every npm script then runs on it.`,
        'If npm asks, allow the `node` package\'s install script (package.json "allowScripts"), then run the command again.',
        `Or install Node.js ${minimum[0]} LTS yourself (https://nodejs.org).`,
      ].join('\n');
    }
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../package.json'), 'utf8'),
  );
  const problem = nodeVersionProblem(process.version, pkg.engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
