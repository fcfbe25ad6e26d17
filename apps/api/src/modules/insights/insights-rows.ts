/** A raw `db.execute` row and its numbers: shared by the figures and the CSV export. */
export type Row = Record<string, unknown>;
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
