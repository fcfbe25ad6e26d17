import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * Security headers on every answer through @fastify/helmet: CSP, frame-ancestors 'none' and
 * X-Frame-Options DENY (clickjacking), nosniff, a referrer policy, and HSTS only when the product
 * is served over https (PUBLIC_URL), since a browser would otherwise pin a plain-http localhost.
 * `/files/*` adds `sandbox` on top (plugins/files.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    // The Stripe iframe and card images come from another origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
