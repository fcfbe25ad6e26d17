/**
 * `BENCH_STATEMENTS=1`: loaded with `--import` into the server and the reads' reference, it counts
 * the statements each request sends to PostgreSQL (every `query` of node-postgres, which both use)
 * and answers the count in an `x-statements` header, so the bench prints the round trips of a read
 * on both sides. Exact with one request at a time (the bench asks after the warm-up, one by one);
 * off by default, as the count is not part of what either side costs.
 */
import http from 'node:http';
import { createRequire } from 'node:module';

import type pg from 'pg';

let statements = 0;
const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
const query = Client.prototype.query as (...args: unknown[]) => unknown;
Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof Client.prototype.query;

const emit = http.Server.prototype.emit as (event: string, ...args: unknown[]) => boolean;
http.Server.prototype.emit = function withCount(this: http.Server, event: string, ...args: unknown[]) {
  if (event === 'request') {
    statements = 0;
    const res = args[1] as http.ServerResponse;
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
    res.writeHead = ((...a: unknown[]) => {
      if (!res.headersSent) res.setHeader('x-statements', String(statements));
      return writeHead(...a);
    }) as typeof res.writeHead;
  }
  return emit.call(this, event, ...args);
} as typeof http.Server.prototype.emit;
