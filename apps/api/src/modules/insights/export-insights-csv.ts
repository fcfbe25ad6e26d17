import { INSIGHTS_CSV_COLUMNS } from '@comped/shared/schemas/insights';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../jobs/queue';
import type { CsvRecord } from '../../lib/csv';
import type { Row } from './insights-rows';
import { num } from './insights-rows';

type InsightsCsvColumn = (typeof INSIGHTS_CSV_COLUMNS)[number];

const CSV_PAGE = 1000;

/**
 * The bookings behind the figures, one CSV record per booking (columns INSIGHTS_CSV_COLUMNS), read in
 * keyset pages of 1,000 so a large range streams in constant memory (lib/csv.ts writes them).
 */
export async function* insightsCsvRows(
  db: DbOrTx,
  brandId: number,
  range: { from: string; to: string },
  now: Date,
): AsyncGenerator<CsvRecord<InsightsCsvColumn>> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<Row>(
      await db.execute(sql`
        SELECT bk.id, bk.status, to_char(bk.booking_date, 'YYYY-MM-DD') AS booking_date, bk.booking_time, bk.guests,
          bk.campaign_id, c.name AS campaign, bk.location_id, l.name AS location, u.name AS influencer, u.role AS type,
          coalesce((c.booking ->> 'compensation')::numeric, 0) AS compensation,
          CASE WHEN bk.status = 'finished' OR (bk.status = 'accepted' AND (bk.checked_in_at IS NOT NULL OR bk.visit_at <= ${now.toISOString()}::timestamptz)) THEN bk.guests * coalesce((c.booking ->> 'compensation')::numeric, 0) ELSE 0 END AS comp_value,
          bk.checked_in_at, coalesce(t.completed, false) AS completed,
          CASE WHEN t.completed THEN (SELECT count(*) FROM jsonb_array_elements(t.posts) e WHERE e ->> 'type' = 'post') ELSE 0 END AS posts,
          CASE WHEN t.completed THEN (SELECT count(*) FROM jsonb_array_elements(t.posts) e WHERE e ->> 'type' = 'story') ELSE 0 END AS stories,
          t.property_option AS "propertyOption",
          bk.rate_vibe, bk.rate_food, bk.rate_service, bk.rate_general, bk.rate, bk.review, bk.created_at
        FROM bookings bk
        JOIN campaigns c ON c.id = bk.campaign_id AND c.brand_id = ${brandId}
        JOIN locations l ON l.id = bk.location_id
        JOIN users u ON u.id = bk.user_id
        LEFT JOIN tasks t ON t.booking_id = bk.id
        WHERE bk.brand_id = ${brandId} AND bk.booking_date BETWEEN ${range.from}::date AND ${range.to}::date
          AND bk.id > ${after}
        ORDER BY bk.id
        LIMIT ${CSV_PAGE}`),
    );
    for (const r of rows) {
      yield Object.fromEntries(
        INSIGHTS_CSV_COLUMNS.map((col) => [col, isoInstant(r[col])]),
      ) as CsvRecord<InsightsCsvColumn>;
    }
    if (rows.length < CSV_PAGE) return;
    after = num(rows[rows.length - 1]!.id);
  }
}

/** Instants leave the drivers as Date (node-postgres) or text (PGlite): both become ISO 8601. */
function isoInstant(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/.test(v)) {
    const d = new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  return v;
}
