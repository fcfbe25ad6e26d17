/**
 * Calls `fn` once the browser has painted the current frame (a timer queued from the next animation
 * frame), for work that should not hold up the first paint. A hidden tab paints no frames: there it
 * runs after 100 ms. Answers a function that cancels it.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(fallback);
    timer = setTimeout(fn, 0);
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(start) : undefined;
  const fallback = setTimeout(start, frame === undefined ? 0 : 100);
  return () => {
    started = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
