import { MSG } from '@comped/shared/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { lazyFormResolver } from './form-resolver';

const schema = z.object({ name: z.string().trim().min(1, MSG.required) });
type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyFormResolver', () => {
  it('checks the values with the schema once it has loaded', async () => {
    const resolver = lazyFormResolver<Values, typeof schema>(() => Promise.resolve(schema));
    const empty = await resolver({ name: ' ' }, undefined, options);
    expect(empty.errors.name?.message).toBe(MSG.required);
    const named = await resolver({ name: ' Blue Fig ' }, undefined, options);
    expect(named).toEqual({ values: { name: 'Blue Fig' }, errors: {} });
  });

  it('leaves the values to the server when the rules cannot load', async () => {
    const resolver = lazyFormResolver<Values, typeof schema>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await resolver({ name: '' }, undefined, options)).toEqual({ values: { name: '' }, errors: {} });
  });
});
