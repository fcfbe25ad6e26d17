/**
 * `a,b, c` → `['a', 'b', 'c']`, blanks dropped: how every `filter[...]=a,b` query value and the
 * web's list-valued URL parameters are read. Plain (no zod), so a list page can import it alone.
 */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
