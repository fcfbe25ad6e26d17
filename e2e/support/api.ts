import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

export const STAFF = { email: 'staff@comped.test', password: 'staff-password' };

/** The folder that holds every worker's data folder (emptied before a run, support/global-setup.ts). */
export const E2E_DATA_ROOT = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../../.e2e-data');

/**
 * The data folder of this worker's server (support/server.ts): its database, and the mails its local
 * transport writes. Playwright names the worker in TEST_WORKER_INDEX.
 */
export function workerDataDir(index = Number(process.env.TEST_WORKER_INDEX ?? 0)): string {
  return path.join(E2E_DATA_ROOT, `w${index}`);
}

let counter = 0;
/** A unique address per call: tests never collide with each other or with an earlier run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.test`;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login failed for ${email}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Moves the server's clock (TEST_CLOCK=1 only); `null` returns to real time. */
export async function setClock(request: APIRequestContext, now: Date | null): Promise<void> {
  const res = await request.put('/api/v1/testing/clock', { data: { now: now ? now.toISOString() : null } });
  if (!res.ok()) throw new Error(`clock: ${res.status()}`);
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
}

/** Waits until the staff outbox holds a mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const token = await apiLogin(request, STAFF.email, STAFF.password);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await request.get('/api/v1/admin/outbox?page[size]=50', { headers: bearer(token) });
    if (res.ok()) {
      const body = (await res.json()) as { data: OutboxMail[] };
      const mail = body.data.find((m) => m.to === to && subject.test(m.subject));
      if (mail) return mail;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** The .eml files written by the default mail transport. */
export function mailFiles(): string[] {
  const dir = path.join(workerDataDir(), 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
}

/**
 * The text/plain part of a delivered .eml, decoded: nodemailer writes it quoted-printable, where a
 * long line is cut by soft breaks (`=` at a line end) and `=` itself is `=3D`, so a password read
 * from the raw file can be cut or changed.
 */
export function plainText(eml: string): string {
  const text = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)(?:\n--|$)/.exec(text);
  const body = part?.[1] ?? text;
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(text)) return body;
  // Literal % first, then soft breaks away, then =XX bytes as %XX: decodeURIComponent reads UTF-8.
  const escaped = body.replace(/%/g, '%25').replace(/=\n/g, '');
  return decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`));
}

/**
 * A secret line (`Password: ...`, `Temporary password: ...`) of a delivered mail. The staff Outbox
 * masks initial and temporary passwords, so they are read from the .eml the local transport wrote:
 * the delivered copy, as the recipient gets it.
 */
export async function deliveredSecret(to: string, subject: RegExp, label: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const line = new RegExp(`^${label}: (\\S+)$`, 'm');
  while (Date.now() < deadline) {
    for (const eml of mailFiles()) {
      const subjectLine = /^Subject: (.*)$/m.exec(eml)?.[1] ?? '';
      if (!eml.includes(`To: ${to}`) || !subject.test(subjectLine)) continue;
      const value = line.exec(plainText(eml))?.[1];
      if (value) return value;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no delivered mail to ${to} matching ${subject} with "${label}"`);
}
