/**
 * Calls `fn` once the browser has painted the current frame (a timer queued from the next animation
 * frame), for work that should not hold up the first paint. Answers a function that cancels it.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(fn, 0);
        })
      : undefined;
  if (frame === undefined) timer = setTimeout(fn, 0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
