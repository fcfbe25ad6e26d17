import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';

import { entryPointCommand } from '../package-paths';
import type { SvgRasterAnswer, SvgRasterOutput, SvgRasterRequest } from './svg-raster-protocol';
import { MEMORY_EXIT_CODE, WORKER_READY } from './svg-raster-protocol';

/**
 * Draws uploaded SVGs in worker processes (src/svg-raster-worker.ts), one per SVG, at most
 * `concurrency` at a time (issue 24). Each worker has a wall-clock limit on drawing, counted from its
 * "ready" so that a slow start on a busy machine is not the SVG's (then SIGKILL), and a memory
 * cap: its data segment is capped by the kernel (RLIMIT_DATA through util-linux `prlimit`, where
 * present: allocations past it fail and the worker dies), and the worker also ends itself once its
 * RSS passes the cap (the bound on systems without `prlimit`). A hostile SVG therefore costs one
 * bounded process; the server's own threads, which hash passwords and read files, never draw.
 */
export interface SvgRasterLimits {
  timeoutMs: number;
  memoryBytes: number;
  /** Workers drawing at once; more SVGs wait in line. */
  concurrency: number;
  /** SVGs that may wait in line; beyond that the upload is refused as busy (503). */
  queueMax: number;
}

export type SvgRasterFailure = 'too_slow' | 'too_much_memory' | 'unreadable' | 'busy';

/**
 * How long a worker may take to start (load Node and sharp) before it is given up as broken: not
 * the SVG's time, which `timeoutMs` measures from the worker's "ready".
 */
const WORKER_START_MS = 30_000;

export class SvgRasterError extends Error {
  constructor(readonly reason: SvgRasterFailure) {
    super(`SVG not rasterised: ${reason}`);
  }
}

/** What to draw: the SVG's text at a density, within a pixel budget, into each of `outputs`. */
export interface SvgRasterJob {
  svg: string;
  density: number;
  limitInputPixels: number;
  outputs: SvgRasterOutput[];
}

export class SvgRasteriser {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly children = new Set<ChildProcess>();
  private closed = false;

  constructor(private readonly limits: SvgRasterLimits) {}

  /** The images of `job.outputs`, in order; SvgRasterError when the SVG is refused. */
  async rasterise(job: SvgRasterJob): Promise<Buffer[]> {
    await this.turn();
    try {
      return await this.draw(job);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Kills every worker (the server is closing); SVGs in line are refused. */
  close(): void {
    this.closed = true;
    for (const child of this.children) child.kill('SIGKILL');
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async turn(): Promise<void> {
    if (this.closed) throw new SvgRasterError('busy');
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.limits.queueMax) throw new SvgRasterError('busy');
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) throw new SvgRasterError('busy');
    this.running += 1;
  }

  private draw(job: SvgRasterJob): Promise<Buffer[]> {
    const worker = entryPointCommand('svg-raster-worker');
    const child = spawn(process.execPath, [...worker.execArgv, worker.file], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // None of the server's environment: a worker that a crafted SVG took over finds no secret there.
      env: {},
    });
    this.children.add(child);
    return new Promise<Buffer[]>((resolve, reject) => {
      let answer: SvgRasterAnswer | null = null;
      let timedOut = false;
      let started = false;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 4096) stderr += chunk.toString();
      });
      let timer = setTimeout(() => child.kill('SIGKILL'), WORKER_START_MS);
      child.on('message', (message: SvgRasterAnswer | typeof WORKER_READY) => {
        if (message !== WORKER_READY) {
          answer = message;
          return;
        }
        // Loaded: the SVG's own time starts with its request.
        started = true;
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, this.limits.timeoutMs);
        const request: SvgRasterRequest = { ...job, memoryBytes: this.limits.memoryBytes };
        child.send(request, (err) => {
          // A worker that died before reading its request is reported by 'exit'.
          if (err) child.kill('SIGKILL');
        });
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        this.children.delete(child);
        reject(err);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        this.children.delete(child);
        if (answer?.ok) return resolve(answer.images.map((image) => Buffer.from(image)));
        if (answer && !answer.ok) return reject(new SvgRasterError(answer.reason));
        if (timedOut) return reject(new SvgRasterError('too_slow'));
        if (this.closed) return reject(new SvgRasterError('busy'));
        // It never got as far as drawing: the server's fault, not the SVG's.
        if (!started) return reject(new Error(`svg-raster-worker did not start: ${code ?? signal} ${stderr}`));
        // Past the cap: the worker ended itself, or an allocation failed under the kernel's limit.
        const outOfMemory =
          code === MEMORY_EXIT_CODE ||
          signal === 'SIGABRT' ||
          signal === 'SIGSEGV' ||
          code === 134 ||
          /memory|bad_alloc|allocation/i.test(stderr);
        reject(new SvgRasterError(outOfMemory ? 'too_much_memory' : 'unreadable'));
      });
    });
  }
}
