/**
 * Every mail is plain text first (it reads well in any client) with a simple HTML twin.
 * `paragraphs` are plain strings; `details` become a two-column table; `action` a button.
 */
export interface MailContent {
  greeting: string;
  paragraphs: string[];
  details?: [string, string][];
  action?: { label: string; url: string };
  /** An image attached with this content id, shown in the HTML after the paragraphs (e.g. a QR code). */
  image?: { cid: string; alt: string; size: number };
  signOff?: string;
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const signOff = content.signOff ?? 'The Comped team';
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) {
    for (const [k, v] of content.details) textParts.push(`${k}: ${v}`);
    textParts.push('');
  }
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push(signOff);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">
<p>${esc(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${content.image ? `<p><img src="cid:${esc(content.image.cid)}" alt="${esc(content.image.alt)}" width="${content.image.size}" height="${content.image.size}" style="display:block"></p>` : ''}
${content.details?.length ? `<table style="border-collapse:collapse;margin:16px 0">${content.details.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;color:#52606d">${esc(k)}</td><td style="padding:4px 0"><strong>${esc(v)}</strong></td></tr>`).join('')}</table>` : ''}
${content.action ? `<p><a href="${esc(content.action.url)}" style="display:inline-block;background:#e4572e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(content.action.label)}</a></p>` : ''}
<p>${esc(signOff)}</p>
</body></html>`;
  return { text: textParts.join('\n'), html };
}

function esc(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
