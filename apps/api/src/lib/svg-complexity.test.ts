import { LIMITS } from '@comped/shared/limits';
import { describe, expect, it } from 'vitest';

import { fannedOutSvg } from '../modules/brands/upload-fixtures';
import { measureSvg } from './svg-complexity';

const SVG = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">${body}</svg>`;

describe('measureSvg', () => {
  it('counts a plain logo as written', () => {
    expect(measureSvg(SVG('<circle cx="50" cy="50" r="40"/><g><rect width="5" height="5"/></g>'))).toEqual({
      ok: true,
      elements: 4,
      drawn: 4,
    });
  });

  it('refuses four levels of ten <use> (10,000 rects from 46 elements), with xlink:href or href', () => {
    for (const href of ['xlink:href', 'href']) {
      const svg = fannedOutSvg(4, 10, href);
      expect(svg.length).toBeLessThan(1300);
      expect(measureSvg(svg)).toEqual({ ok: false, reason: 'too_many_elements' });
    }
    // Two levels (100 rects) are fine, and counted as drawn.
    const small = measureSvg(fannedOutSvg(2, 10));
    expect(small.ok && small.drawn).toBeGreaterThan(100);
  });

  it('counts url(#id) references in attributes and styles as drawing their target again', () => {
    const pattern = '<pattern id="p"><g>' + '<rect width="1" height="1"/>'.repeat(100) + '</g></pattern>';
    const users = '<rect fill="url(#p)" width="9" height="9"/><rect style="fill: url( \'#p\' )"/>'.repeat(30);
    const measured = measureSvg(SVG(`<defs>${pattern}</defs>${users}`));
    expect(measured).toEqual({ ok: false, reason: 'too_many_elements' });
  });

  it('refuses a reference cycle, which would draw without end', () => {
    expect(measureSvg(SVG('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toEqual({
      ok: false,
      reason: 'too_many_elements',
    });
  });

  it(`stops reading past ${LIMITS.svgElements} written elements`, () => {
    const many = SVG('<rect width="1" height="1"/>'.repeat(LIMITS.svgElements));
    expect(measureSvg(many)).toEqual({ ok: false, reason: 'too_many_elements' });
  });

  it('refuses what is not well-formed XML as unreadable', () => {
    expect(measureSvg('<svg><g></svg>')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
