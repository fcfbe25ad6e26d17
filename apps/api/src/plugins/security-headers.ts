import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

import type { Config } from '../config';

/** Stripe.js and its frames: allowed only when the Stripe provider is on (decisions.md, Wire details). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The Content-Security-Policy directives of the web app and the API. No inline script anywhere;
 * inline styles stay allowed because MUI (emotion) writes its styles into <style> tags at run time.
 */
export function cspDirectives(config: Pick<Config, 'payment' | 'publicUrl'>): Record<string, string[]> {
  const stripe = config.payment.provider === 'stripe';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? STRIPE.img : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    // The service worker (/sw.js) and the web app manifest: our own files only (issue 29).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (isHttps(config.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function isHttps(url: string): boolean {
  return url.toLowerCase().startsWith('https://');
}

/**
 * Security headers on every answer through helmet: CSP, frame-ancestors 'none' and X-Frame-Options
 * DENY (clickjacking), nosniff, a referrer policy, and HSTS only when the product is served over
 * https (PUBLIC_URL), since a browser would otherwise pin a plain-http localhost. `/files/*` adds
 * `sandbox` on top (plugins/files.ts).
 *
 * Helmet's middleware is built once, here. The Fastify wrapper (@fastify/helmet) builds it again
 * on every request, parsing the CSP directives each time (about a twentieth of a list read's CPU,
 * issue 31).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    // The Stripe iframe and card images come from another origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // On the root instance: every route, the 404s and the errors (hooks added here are not encapsulated).
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
