import type { ErrorBody } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful stop: from now on new requests get 503 with `Connection: close` (and
     * `/readyz` says 503, so a load balancer moves away) while the requests in flight finish.
     * Resolves when none is left, or after `timeoutMs`.
     */
    drain(timeoutMs?: number): Promise<void>;
    isDraining(): boolean;
    /**
     * Runs `listener` when draining begins: a request that never ends by itself (an event stream)
     * ends there, with a hint to reconnect elsewhere, instead of holding the drain for its whole grace.
     */
    onDrain(listener: () => void): void;
  }
}

/**
 * Graceful stop in two steps (server.ts): drain, then close. Keeping the port open while draining
 * means a client that arrives meanwhile gets a clear 503 instead of a refused connection.
 */
export function registerLifecycle(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const drainListeners: (() => void)[] = [];

  app.addHook('onRequest', async (request, reply) => {
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
    if (draining && request.url !== '/healthz' && request.url !== '/readyz') {
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '1')
        .send({ message: MSG.serviceUnavailable, code: 'shutting_down' } satisfies ErrorBody);
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  app.decorate('isDraining', () => draining);
  app.decorate('onDrain', (listener: () => void) => {
    drainListeners.push(listener);
  });
  app.decorate('drain', async (timeoutMs = 10_000) => {
    if (!draining) {
      draining = true;
      for (const listener of drainListeners) listener();
    }
    if (inFlight === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      idle = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    clearTimeout(timer);
  });
}
