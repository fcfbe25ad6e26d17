export function rating(value: number | null): string {
  return value === null ? '–' : value.toFixed(1);
}

export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The inclusive range of `days` days ending today (the browser's day). */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const local = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const to = isoDay(local);
  local.setUTCDate(local.getUTCDate() - (days - 1));
  return { from: isoDay(local), to };
}
