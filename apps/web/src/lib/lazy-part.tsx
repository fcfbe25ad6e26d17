import type { ComponentType } from 'react';

/**
 * A component whose code `load` brings, shown inside a Suspense boundary as React.lazy's are, that
 * renders at once when `loadedNow()` already has it. Preact's `lazy` suspends at its first render
 * whatever its code's state, and a boundary that resumes draws its fallback and then everything
 * inside it again. A failed download is the part's error from then on (an error boundary shows it),
 * as with React.lazy.
 */
export function lazyPart<P extends object>(
  load: () => Promise<unknown>,
  loadedNow: () => ComponentType<P> | undefined,
): ComponentType<P> {
  let failed: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  return function LazyPart(props: P) {
    const Loaded = loadedNow();
    if (Loaded) return <Loaded {...props} />;
    if (failed) throw failed.error;
    // The thrown promise is what Suspense waits for.
    throw (loading ??= load().then(
      () => undefined,
      (error: unknown) => {
        failed = { error };
      },
    ));
  };
}
