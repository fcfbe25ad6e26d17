import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

/** The port is taken by another program: the user's to fix. */
class PortInUseError extends Error {}

/** Listens, runs this node's job worker, and shuts down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close what buildApp opened (the embedded database and its lock) before saying why.
    await app.close().catch(() => undefined);
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(
        `Port ${config.port} on ${config.host} is in use by another program (another \`npm start\`?). ` +
          `Stop it, or start Comped on another port: PORT=${config.port + 1} npm start`,
      );
    }
    throw err;
  }
  app.ctx.jobs.start(config.jobPollMs);
  app.log.info(
    `Comped is running at ${config.publicUrl} (database: ${app.ctx.database.kind}, mail: ${config.mailUrl ? 'SMTP' : config.mailDir})`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests, new ones get 503');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    // The worker stops taking jobs at once and hands back the one it holds if it cannot finish;
    // requests in flight finish while new ones are answered 503 + Connection: close; then close.
    const worker = app.ctx.jobs.stop(config.shutdownGraceMs);
    Promise.all([worker, app.drain(config.shutdownGraceMs)])
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // The database or the port in use by another process is the user's to fix: the words, not a stack trace.
  console.error(err instanceof DataDirInUseError || err instanceof PortInUseError ? err.message : err);
  process.exit(1);
});
