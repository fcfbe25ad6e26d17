/** What a masked secret reads as in the Outbox and in a sent mail's stored text. */
export const MASK = '••••••••';

/** Replaces every listed secret (as written, and HTML-escaped) by `MASK`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, escapeHtml(secret)])) out = out.split(form).join(MASK);
  }
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
