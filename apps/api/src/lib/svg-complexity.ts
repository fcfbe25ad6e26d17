import { LIMITS } from '@comped/shared/limits';
import { SaxesParser } from 'saxes';

/**
 * How much an SVG asks the renderer to draw, measured before anything is drawn (issue 24): an
 * 898-byte SVG of one rect fanned out by four levels of ten <use> is 10,000 rects, and took librsvg
 * 103 s. Every element counts once where it is written, and once more for each <use> or
 * `url(#id)` that draws it again, recursively; a reference cycle draws without end.
 */
export type SvgMeasure =
  { ok: true; elements: number; drawn: number } | { ok: false; reason: 'too_many_elements' | 'unreadable' };

interface SvgNode {
  children: SvgNode[];
  /** Ids this element draws again: `<use href="#id">`, `fill="url(#id)"`, `style="filter:url(#id)"`. */
  refs: string[];
}

class TooManyElements extends Error {}

const URL_REF = /url\(\s*["']?#([^"')\s]+)["']?\s*\)/g;

export function measureSvg(
  text: string,
  limits: { elements: number; drawn: number } = { elements: LIMITS.svgElements, drawn: LIMITS.svgDrawnElements },
): SvgMeasure {
  const root: SvgNode = { children: [], refs: [] };
  const stack: SvgNode[] = [root];
  const byId = new Map<string, SvgNode>();
  let elements = 0;
  // Namespaces are not resolved: `xlink:href` and a prefixed `svg:use` read like the plain ones.
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.elements) throw new TooManyElements();
    const node: SvgNode = { children: [], refs: [] };
    const local = tag.name.slice(tag.name.indexOf(':') + 1);
    for (const [name, value] of Object.entries(tag.attributes)) {
      const attr = name.slice(name.indexOf(':') + 1);
      if (attr === 'id') byId.set(value, node);
      else if (attr === 'href' && local === 'use' && value.startsWith('#')) node.refs.push(value.slice(1));
      for (const m of value.matchAll(URL_REF)) node.refs.push(m[1]!);
    }
    stack.at(-1)!.children.push(node);
    if (!tag.isSelfClosing) stack.push(node);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  parser.on('error', (err) => {
    throw err;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    return { ok: false, reason: err instanceof TooManyElements ? 'too_many_elements' : 'unreadable' };
  }

  const memo = new Map<SvgNode, number>();
  const visiting = new Set<SvgNode>();
  const drawn = (node: SvgNode): number => {
    const known = memo.get(node);
    if (known !== undefined) return known;
    if (visiting.has(node)) return Infinity;
    visiting.add(node);
    let total = 1;
    for (const child of node.children) total += drawn(child);
    for (const id of node.refs) {
      const target = byId.get(id);
      if (target) total += drawn(target);
    }
    visiting.delete(node);
    memo.set(node, total);
    return total;
  };
  const total = root.children.reduce((sum, child) => sum + drawn(child), 0);
  if (total > limits.drawn) return { ok: false, reason: 'too_many_elements' };
  return { ok: true, elements, drawn: total };
}
