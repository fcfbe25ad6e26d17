/*
 * The days a range of insights covers and its path, apart from the fetcher (get-insights.ts) because
 * boot/early-reads.ts asks for the dashboard's headline before React runs: this file must bring
 * nothing into the entry.
 */

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The inclusive range of `days` days ending today (the browser's day). */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const local = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const to = isoDay(local);
  local.setUTCDate(local.getUTCDate() - (days - 1));
  return { from: isoDay(local), to };
}

export const insightsPath = (brandId: number) => `brands/${brandId}/insights`;
