/**
 * What the server and its SVG rasteriser process (src/svg-raster-worker.ts) say to each other over
 * the IPC channel: the worker says it is ready, gets one request, gives one answer, then exits.
 */

/** The worker's first message: loaded and waiting for its request (the drawing time starts now). */
export const WORKER_READY = 'ready';

/** The SVG text and each output to produce from it. */
export interface SvgRasterRequest {
  svg: string;
  /** Dots per inch the SVG is drawn at (144: crisp at twice the nominal size). */
  density: number;
  /** sharp's `limitInputPixels`: the drawn canvas may not hold more pixels than this. */
  limitInputPixels: number;
  /** RSS above which the worker ends itself (the server also caps its data segment where it can). */
  memoryBytes: number;
  outputs: SvgRasterOutput[];
}

export interface SvgRasterOutput {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  withoutEnlargement: boolean;
  /** Crop position for `cover`: sharp's saliency strategy. */
  attention: boolean;
  format: 'png' | 'webp';
}

export type SvgRasterAnswer =
  { ok: true; images: Uint8Array[] } | { ok: false; reason: 'unreadable' | 'too_much_memory' };

/** The exit code of a worker that passed its memory cap. */
export const MEMORY_EXIT_CODE = 86;
