import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster (initdb in a temp folder, a free port) that a fault test may stop
 * and start at will; the shared server is never touched. As root, the cluster runs as `postgres`.
 */
export class ThrowawayCluster {
  readonly dir: string;
  private constructor(
    readonly port: number,
    private readonly asRoot: boolean,
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-faults-pg-'));
  }

  static async create(): Promise<ThrowawayCluster> {
    const cluster = new ThrowawayCluster(await freePort(), process.getuid?.() === 0);
    if (cluster.asRoot) execFileSync('chown', ['postgres', cluster.dir]);
    cluster.pg('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    this.pg('pg_ctl', ['-D', this.dataDir, '-o', opts, '-l', path.join(this.dir, 'server.log'), '-w', 'start']);
  }

  /** `fast`: what a managed database's restart or failover looks like to clients (connections cut). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async createDatabase(name: string): Promise<string> {
    const c = new pg.Client({ connectionString: this.url() });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    return this.url(name);
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private pg(bin: string, args: string[]): void {
    const exe = pgBinary(bin);
    if (this.asRoot) execFileSync('runuser', ['-u', 'postgres', '--', exe, ...args], { stdio: 'pipe' });
    else execFileSync(exe, args, { stdio: 'pipe' });
  }
}

function pgBinary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  for (const v of ['17', '16', '15', '14', '13']) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`${name} not found: install PostgreSQL's server binaries (apt-get install postgresql)`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** PostgreSQL's binaries are here (CI runs the fault suite only then). */
export function hasPostgresBinaries(): boolean {
  try {
    pgBinary('initdb');
    pgBinary('pg_ctl');
    return true;
  } catch {
    return false;
  }
}
