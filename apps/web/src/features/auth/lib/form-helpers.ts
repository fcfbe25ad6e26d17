/** Drops blank strings and missing values (spec section 5: signup removes empty fields). */
export function withoutEmptyFields<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''),
    ),
  ) as T;
}
