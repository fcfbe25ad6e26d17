import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation (a zod schema and zodResolver) lives in a module loaded
 * on first use, so a page's first download does not carry zod (/login, /signup: docs/performance.md,
 * Web). `preload()` starts the download early (the form calls it when a field gets focus); the
 * first validation waits for it otherwise. A failed download is retried on the next validation.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> & { preload(): void } {
  let pending: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformed> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload() {
      void get().catch(() => undefined);
    },
  });
}
