import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const ok: Resolver<Values> = (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the validation once, on preload or first use, and validates with it', async () => {
    const load = vi.fn(() => Promise.resolve(ok));
    const resolver = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    await expect(resolver({ email: 'a@b.test' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.test' },
      errors: {},
    });
    await resolver({ email: 'c@d.test' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ok);
    const resolver = lazyResolver<Values>(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: 'a@b.test' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
