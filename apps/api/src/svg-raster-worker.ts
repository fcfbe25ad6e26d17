/**
 * The process that draws one uploaded SVG into PNG/WebP (issue 24). `lib/svg-raster.ts` starts it
 * per SVG with a wall-clock limit and a memory cap and kills it when either is passed, so a hostile
 * SVG costs one bounded process, never the server's threads: sharp (librsvg) work shares libuv's
 * pool with password hashing and file reads, and an SVG of nested <use> or large blurs holds a
 * thread for minutes.
 *
 * An entry of its own (like server.ts): started as a file, never imported. Under tsx it runs as
 * `.ts`; a build emits it as `svg-raster-worker.js` beside the server bundle.
 *
 * Protocol: lib/svg-raster-protocol.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import sharp from 'sharp';

import type { SvgRasterAnswer, SvgRasterRequest } from './lib/svg-raster-protocol';
import { MEMORY_EXIT_CODE, WORKER_READY } from './lib/svg-raster-protocol';

async function draw(request: SvgRasterRequest): Promise<SvgRasterAnswer> {
  const base = sharp(Buffer.from(request.svg, 'utf8'), {
    density: request.density,
    limitInputPixels: request.limitInputPixels,
  });
  const images: Uint8Array[] = [];
  try {
    for (const out of request.outputs) {
      const resized = base.clone().resize(out.width, out.height, {
        fit: out.fit,
        withoutEnlargement: out.withoutEnlargement,
        ...(out.attention ? { position: 'attention' } : {}),
      });
      const encoded = out.format === 'png' ? resized.png({ compressionLevel: 9 }) : resized.webp({ quality: 82 });
      images.push(await encoded.toBuffer());
    }
  } catch (err) {
    // The XML was read before (lib/svg-complexity.ts): librsvg failing to draw it is an allocation
    // refused under the memory cap (cairo's surfaces are the big ones).
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: /rendering failed|memory|alloc/i.test(message) ? 'too_much_memory' : 'unreadable' };
  }
  return { ok: true, images };
}

/**
 * Caps this process's data segment at what it holds now plus the drawing budget, through util-linux
 * `prlimit` (Linux; Debian images have it): an allocation past the cap then fails inside librsvg,
 * however fast it comes. Counted from here rather than set at spawn because V8 reserves address space
 * for each isolate when it starts (a TypeScript loader adds one), which RLIMIT_DATA counts too and
 * which would otherwise eat the budget. Without prlimit the RSS watch below is the only bound.
 */
function capDataSegment(budgetBytes: number): void {
  const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => fs.existsSync(file));
  const vmData = /^VmData:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  if (!prlimit || !vmData) return;
  const limit = Number(vmData[1]) * 1024 + budgetBytes;
  execFileSync(prlimit, ['--pid', String(process.pid), `--data=${limit}`]);
}

function main(): void {
  // One core's worth of work per worker: the parent decides how many run at once.
  sharp.concurrency(1);
  sharp.cache(false);
  if (!process.send) {
    console.error('svg-raster-worker: start it with an IPC channel (lib/svg-raster.ts does)');
    process.exit(2);
  }
  process.once('message', (message: SvgRasterRequest) => {
    if (process.platform === 'linux') capDataSegment(message.memoryBytes);
    // The drawing runs on libvips threads, so this thread stays free to watch the memory.
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() > message.memoryBytes) process.exit(MEMORY_EXIT_CODE);
    }, 20);
    draw(message).then(
      (answer) => {
        clearInterval(watch);
        process.send!(answer, () => process.exit(0));
      },
      () => process.exit(1),
    );
  });
  // The parent went away: nothing to answer to.
  process.once('disconnect', () => process.exit(0));
  process.send(WORKER_READY);
}

main();
