import { describe, expect, it } from 'vitest';

import { blurredSvg, SAFE_SVG } from '../modules/brands/upload-fixtures';
import { SvgRasterError, SvgRasteriser } from './svg-raster';

const png = {
  width: 100,
  height: 100,
  fit: 'inside',
  withoutEnlargement: true,
  attention: false,
  format: 'png',
} as const;
const job = (svg: string) => ({ svg, density: 144, limitInputPixels: 40_000_000, outputs: [png] });

describe('SvgRasteriser', () => {
  it('draws in a worker and answers each output', async () => {
    const rasteriser = new SvgRasteriser({
      timeoutMs: 10_000,
      memoryBytes: 512 * 1024 * 1024,
      concurrency: 1,
      queueMax: 0,
    });
    const [image] = await rasteriser.rasterise(job(SAFE_SVG));
    expect(image!.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('lets `concurrency` draw at once and refuses beyond a full line as busy', async () => {
    const rasteriser = new SvgRasteriser({
      timeoutMs: 1500,
      memoryBytes: 512 * 1024 * 1024,
      concurrency: 1,
      queueMax: 1,
    });
    const slow = () =>
      rasteriser.rasterise({ ...job(blurredSvg()), outputs: [{ ...png, width: 2400, height: 2400 }] }).then(
        () => 'drawn',
        (err: SvgRasterError) => err.reason,
      );
    const first = slow();
    const second = slow();
    const third = slow();
    expect(await third).toBe('busy');
    expect(await first).toBe('too_slow');
    expect(await second).toBe('too_slow');
  });

  it('kills its workers on close', async () => {
    const rasteriser = new SvgRasteriser({
      timeoutMs: 30_000,
      memoryBytes: 512 * 1024 * 1024,
      concurrency: 1,
      queueMax: 1,
    });
    const drawing = rasteriser
      .rasterise({ ...job(blurredSvg()), outputs: [{ ...png, width: 2400, height: 2400 }] })
      .catch((err: SvgRasterError) => err.reason);
    const waiting = rasteriser.rasterise(job(SAFE_SVG)).catch((err: SvgRasterError) => err.reason);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = Date.now();
    rasteriser.close();
    expect(await drawing).toBe('busy');
    expect(await waiting).toBe('busy');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
