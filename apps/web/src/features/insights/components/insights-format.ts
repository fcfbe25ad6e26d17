export function rating(value: number | null): string {
  return value === null ? '–' : value.toFixed(1);
}
