import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Unless `Values` has every field `schema` reads, an impossible type that names the missing ones. */
type WithFieldsOf<S extends z.ZodType, Values> = [Exclude<keyof z.input<S>, keyof Values>] extends [never]
  ? unknown
  : { formValuesLack: Exclude<keyof z.input<S>, keyof Values> };

/**
 * react-hook-form's resolver for a shared zod schema, for a form whose values are what its inputs
 * hold rather than what the schema accepts: an empty number field is '', an unticked box false, a
 * rating not yet chosen null. Refusing those is the schema's job, at run time; what the types check
 * is that the form has every field the schema reads, and that the submit handler gets the schema's
 * output. `Values` comes from the form (`useForm<Values, unknown, Output>`).
 */
export function formResolver<Values extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S & WithFieldsOf<S, Values>,
): Resolver<Values, unknown, z.output<S>> {
  // The one cast: zodResolver types the form's values as the schema's input, which they are not.
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<S>>;
}
