import type { PageName } from '../config/paths';
import { paths } from '../config/paths';

/**
 * How well `pattern` matches `pathname`: the number of static segments that matched (a static
 * segment outranks a `:param`, as in React Router: /profile/edit before /profile/:influencerId),
 * or -1 when it does not match. Our own dozen lines rather than React Router's `matchPath`: the early
 * start (boot/early-start.ts) uses it, and importing React Router there would make it, and React,
 * run before the page's downloads start (ADR 014).
 */
function matchScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return -1;
  let score = 0;
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== got[i]) return -1;
    score += 1;
  }
  return score;
}

const names = Object.keys(paths) as PageName[];

/** The page (config/paths.ts) the router shows at `pathname`, or undefined for a path it does not know. */
export function pageOf(pathname: string): PageName | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: PageName | undefined;
  let bestScore = -1;
  for (const name of names) {
    const score = matchScore(paths[name].path, path);
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}
