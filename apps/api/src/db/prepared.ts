import type { Query, SQL, Table } from 'drizzle-orm';
import { getTableColumns, sql } from 'drizzle-orm';

import type { DbOrTx } from './client';

/**
 * A connection's statements by name (a few per use case, one per SQL shape of a filtered list;
 * bounded in case names ever carry a value). The hot reads and writes together name about a hundred.
 */
const byConnection = new WeakMap<object, Map<string, unknown>>();
const MAX_PER_CONNECTION = 256;

/**
 * A hot statement (Drizzle's `.prepare(name)` with `sql.placeholder`s) built once per connection
 * instead of on every call: building the SQL text is most of Drizzle's cost per statement (issue
 * 31). A prepared query runs on the connection it was built on, so it is kept per driver client:
 * the pool for `ctx.db`, the pooled connection a transaction holds (pg keeps it across
 * transactions, and PostgreSQL keeps the statement's plan with it), PGlite's own. `build` must make
 * the same SQL for the same name. The statement logs through the logger of the session it was built
 * on, as any Drizzle query does.
 */
export function preparedOn<Q>(db: DbOrTx, name: string, build: (db: DbOrTx) => Q): Q {
  // Drizzle's session holds the driver client it runs on; its type does not name it.
  const client = (db as unknown as { session: { client: object } }).session.client;
  let statements = byConnection.get(client);
  if (!statements) byConnection.set(client, (statements = new Map()));
  let query = statements.get(name) as Q | undefined;
  if (!query) {
    if (statements.size >= MAX_PER_CONNECTION) statements.clear();
    query = build(db);
    statements.set(name, query);
  }
  return query;
}

/** What preparedSql gives: the statement, run with its placeholders' values. */
export interface PreparedSql {
  /** The driver's result (rowsOf reads its rows, as for `db.execute`). */
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * A statement written in SQL (what `db.execute` runs), prepared and built once per connection as
 * preparedOn's: `build` gives the SQL with `sql.placeholder`s, `execute` their values.
 */
export function preparedSql(db: DbOrTx, name: string, build: () => SQL): PreparedSql {
  return preparedOn(db, name, (on) => statementOf(on, build(), name));
}

/**
 * A statement written in SQL with `sql.placeholder`s, run with their values: prepared once per
 * connection under `name` (as preparedSql), or, when `name` is null (its SQL holds values, so no
 * name could stand for it), built and run for this request only.
 */
export function executeSql(
  db: DbOrTx,
  name: string | null,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  const statement = name === null ? statementOf(db, build(), undefined) : preparedSql(db, name, build);
  return statement.execute(values);
}

function statementOf(db: DbOrTx, statement: SQL, name: string | undefined): PreparedSql {
  // What `db.execute` does, with placeholders' values (and a name when given): its session's
  // dialect and prepareQuery are not in Drizzle's public types.
  const session = (
    db as unknown as {
      session: {
        dialect: { sqlToQuery(sql: SQL): Query };
        prepareQuery(query: Query, fields: undefined, name: string | undefined, arrayMode: boolean): PreparedSql;
      };
    }
  ).session;
  return session.prepareQuery(session.dialect.sqlToQuery(statement), undefined, name, false);
}

/**
 * A list of values as one statement parameter: a PostgreSQL array literal for `${...}::int[]` or
 * `::text[]` (`= any(...)`, `unnest(...)`), so a list of any length keeps one statement (an `in`
 * list has one parameter per value, a new SQL text per length). Both drivers pass text as it is.
 * Numbers, nulls and plain words only (ids, statuses): nothing that needs quoting.
 */
export function arrayParam(values: readonly (number | string | null)[]): string {
  return `{${values.map(arrayItem).join(',')}}`;
}
function arrayItem(v: number | string | null): string {
  if (v === null) return 'NULL';
  if (typeof v === 'string' && !/^[\w-]+$/.test(v)) throw new Error(`arrayParam: ${JSON.stringify(v)} needs quoting`);
  return String(v);
}

/**
 * A table's row from a statement written in SQL (`select t.*`): each column by its database name,
 * turned into what the query builder gives (Dates, JSON) by the column's own mapping, as Drizzle
 * maps the rows it selects. Both drivers hand timestamps and dates over as text here.
 */
export function fromDriver<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    // A column the statement did not select is a bug in the statement, not a null.
    if (value === undefined) throw new Error(`fromDriver: ${column.name} is not in the row`);
    out[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/**
 * The rows of `ids` (a select of one id column, in its order, its limit and offset inside) as
 * `page(id, ord)`: a list's page is sought by ids first (an index-only skip, however deep) and its
 * rows joined to them in the same statement, kept in that order by `order by page.ord`.
 */
export function pageOfIds(ids: SQL): SQL {
  return sql`unnest(array(${ids})) with ordinality as page(id, ord)`;
}
