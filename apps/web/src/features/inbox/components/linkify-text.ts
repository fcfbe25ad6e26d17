import { find } from 'linkifyjs';

// In components/, not lib/: linkifyjs goes with the inbox pages, not into the chunk every page loads.

/** A part of a message: plain text, or a link found in it. */
export type TextPart = { text: string } | { text: string; href: string };

/** The schemes a link in a message may have; anything else (javascript:, data:, ftp:) stays text. */
const SAFE = /^(https?:|mailto:)/i;

/**
 * A message's text cut into text and links (issue 26: "links made clickable safely, never HTML"):
 * linkifyjs finds web addresses and e-mail addresses; the caller renders each part as React text or
 * an anchor, so nothing in a message is ever read as markup.
 */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of find(text)) {
    if (!link.isLink || !SAFE.test(link.href)) continue;
    if (link.start > at) parts.push({ text: text.slice(at, link.start) });
    parts.push({ text: link.value, href: link.href });
    at = link.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
