/**
 * Upload checks by content (decisions.md, Delivery): the bytes decide what a file is, never its
 * name or the type the browser claims.
 */
export type ImageKind = 'png' | 'jpeg' | 'svg';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(buf: Buffer): boolean {
  return buf.length > PNG_MAGIC.length && buf.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC);
}

export function isJpeg(buf: Buffer): boolean {
  return buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
}

/** The text of an SVG document, or null when the bytes are not one (UTF-8 XML whose root is <svg>). */
export function svgText(buf: Buffer): string | null {
  if (buf.length === 0 || buf.includes(0)) return null;
  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Skip the XML declaration, comments and a doctype (the doctype is refused later as unsafe).
  const body = text
    .trimStart()
    .replace(/^<\?xml[\s\S]*?\?>/i, '')
    .trimStart()
    .replace(/^(<!--[\s\S]*?-->\s*)+/, '')
    .replace(/^<!DOCTYPE[^>]*>\s*/i, '');
  if (!/^<svg[\s>]/i.test(body.trimStart())) return null;
  if (!/<\/svg\s*>\s*$/i.test(text.trimEnd()) && !/\/>\s*$/.test(text.trimEnd())) return null;
  return text;
}

/**
 * An SVG is shown on pages of the app, so anything that can run or fetch is refused: scripts,
 * event handler attributes, javascript: links, foreign objects, entities and external references.
 */
export function isUnsafeSvg(text: string): boolean {
  return (
    /<\s*script/i.test(text) ||
    /<\s*foreignObject/i.test(text) ||
    /<\s*(iframe|embed|object|audio|video)\b/i.test(text) ||
    /<!DOCTYPE|<!ENTITY/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript\s*:/i.test(text) ||
    /(href|src)\s*=\s*["']\s*(https?:|data:|\/\/)/i.test(text) ||
    /@import|url\(\s*["']?\s*(https?:|\/\/)/i.test(text)
  );
}

export function sniffImage(buf: Buffer): ImageKind | null {
  if (isPng(buf)) return 'png';
  if (isJpeg(buf)) return 'jpeg';
  if (svgText(buf) !== null) return 'svg';
  return null;
}

/** A real PDF: starts with `%PDF-` and has `%%EOF` within its last kilobyte. */
export function isPdf(buf: Buffer): boolean {
  if (buf.length < 16 || buf.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  const tail = buf.subarray(Math.max(0, buf.length - 1024)).toString('latin1');
  return tail.includes('%%EOF');
}
