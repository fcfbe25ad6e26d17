import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';
import type { LiveBus } from './lib/live-bus';
import type { Storage } from './lib/storage/storage';
import type { SvgRasteriser } from './lib/svg-raster';

/** What every module needs, built once per app (and once per test app). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  storage: Storage;
  /** Draws uploaded SVGs in bounded worker processes (lib/svg-raster.ts). */
  svgRasteriser: SvgRasteriser;
  /** Live events between API nodes over PostgreSQL LISTEN/NOTIFY (lib/live-bus.ts). */
  live: LiveBus;
}
