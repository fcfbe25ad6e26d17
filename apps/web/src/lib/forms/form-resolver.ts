import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
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

/**
 * `formResolver` for a schema that downloads when first needed: the form paints without zod and its
 * rules, which `load` (a dynamic import) brings once the user starts on the form (call it on focus)
 * or at the latest on the first submit. Should the download fail, the values go to the server as
 * typed and its 422 messages show under their fields, as every form's do.
 */
export function lazyFormResolver<Values extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S & WithFieldsOf<S, Values>>,
): Resolver<Values, unknown, z.output<S>> {
  return async (values, context, options) => {
    let schema: S & WithFieldsOf<S, Values>;
    try {
      schema = await load();
    } catch {
      // The server checks the same rules (the shared schema) and answers which field is wrong.
      return { values: values as unknown as z.output<S>, errors: {} };
    }
    return formResolver<Values, S>(schema)(values, context, options);
  };
}

/**
 * `formResolver` for a form laid out otherwise than the schema's input (the location form keeps a
 * switch and two times per weekday, the API takes the open days as a list): `toInput` makes the
 * schema's input from the values, and `fieldOf` names the form field of an issue's path
 * (`hours.1.end_time` -> `days.sunday.end_time`); the server's 422 paths map the same way.
 */
export function mappedFormResolver<Values extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  toInput: (values: Values) => z.input<S>,
  fieldOf: (path: string, values: Values) => string,
): Resolver<Values, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      errors[fieldOf(issue.path.join('.'), values)] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
