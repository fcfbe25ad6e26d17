import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { nodeVersionProblem } from '../../../scripts/check-node-version.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = rootPackage.devDependencies.node!;

describe('the Node that Comped runs on', () => {
  it('is the pinned one for the tests themselves (npm scripts and npx put node_modules/.bin first)', () => {
    expect(process.version, 'run the tests through npm (npm test, npx vitest): they run on the `node` package').toBe(
      `v${pinned}`,
    );
    expect(nodeVersionProblem(process.version, rootPackage.engines.node)).toBeNull();
  });

  it('is the same release in the image (Dockerfile) as in package.json', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(/^ARG NODE_IMAGE=node:([\d.]+)-/m.exec(dockerfile)?.[1]).toBe(pinned);
  });

  it('tells a person on an older Node what to do, in words', () => {
    const problem = nodeVersionProblem('v20.20.2', '>=24.11.0');
    expect(problem).toContain('Comped needs Node.js 24.11.0 or newer; this is Node.js v20.20.2.');
    expect(problem).toContain('Run `npm install`');
    expect(problem).toContain('Or install Node.js 24 LTS yourself');
    expect(nodeVersionProblem('v24.10.9', '>=24.11.0')).toContain('this is Node.js v24.10.9');
    expect(nodeVersionProblem('v24.11.0', '>=24.11.0')).toBeNull();
    expect(nodeVersionProblem('v26.1.0', '>=24.11.0')).toBeNull();
  });
});
