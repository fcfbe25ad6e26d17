import fs from 'node:fs';

import type { FastifyServerOptions } from 'fastify';

import type { Config } from '../config';

/**
 * Logs are JSON lines for machines (one object per line, what log shippers read), and short,
 * coloured lines through pino-pretty when a person watches a terminal. `LOG_FORMAT` overrides the
 * guess. Secrets never go through the logger (see `printToTerminal`).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/**
 * Shows a human a secret once, on the terminal only: stdout when it is a terminal, else the
 * controlling terminal (`npm start | tee log`). Never the log stream; false when no terminal is
 * attached (a container, a service), so the caller can say how to get in instead.
 */
export function printToTerminal(text: string): boolean {
  if (process.stdout.isTTY) {
    process.stdout.write(text);
    return true;
  }
  try {
    const fd = fs.openSync('/dev/tty', 'w');
    try {
      fs.writeSync(fd, text);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch {
    return false;
  }
}
