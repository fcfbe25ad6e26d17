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

/** Numeric character references (`&#106;`, `&#x6A;`) decoded, so an encoded `javascript:` shows. */
function decodeCharRefs(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (_m, code: string) => {
    const n = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return Number.isFinite(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
  });
}

/**
 * An SVG is refused when anything in it could run or fetch: scripts and foreign objects (with or
 * without a namespace prefix), event handler attributes, javascript: links (also entity-encoded or
 * split by blanks), entities and doctypes, and references to anything outside the document. SVGs that
 * pass are still rasterised to PNG (lib/images.ts), so no markup is ever served back; this check keeps
 * the renderer from being asked to fetch or run anything.
 */
export function isUnsafeSvg(text: string): boolean {
  const decoded = decodeCharRefs(text);
  // Blanks and control characters inside a scheme name are ignored by browsers ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are what this strips
  const squeezed = decoded.replace(/[\u0000-\u0020]+/g, '');
  const element = (names: string) => new RegExp(`<\\s*(?:[\\w.-]+:)?(?:${names})\\b`, 'i');
  return (
    element('script|foreignObject|iframe|embed|object|audio|video|handler|listener|set|animate\\w*').test(decoded) ||
    /<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i.test(text) ||
    /[\s"'/](?:[\w.-]+:)?on[a-z]+\s*=/i.test(decoded) ||
    /javascript:|vbscript:|data:text\/html/i.test(squeezed) ||
    // Every href/src must point inside the document (`#id`); data: images are allowed.
    /(?:^|[\s"'/])(?:[\w.-]+:)?(?:href|src)\s*=\s*(?!["']\s*(?:#|data:image\/(?:png|jpeg|gif|webp);))/i.test(decoded) ||
    /@import|url\(\s*["']?\s*(?!#)/i.test(decoded)
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
