/** Test fixtures for upload routes: multipart bodies and real (or fake) files. Used by tests only. */
import sharp from 'sharp';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----comped${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    // A text part with a type of its own (a JSON part sent as application/json).
    else if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(head + '\r\n'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG with EXIF-like metadata attached. */
export async function pngImage(width = 800, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

export async function jpegImage(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

export const SAFE_SVG =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#c33"/></svg>';
export const SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/**
 * One rect fanned out by `levels` levels of `fan` <use>: issue 24's 898-byte SVG (4 levels of 10,
 * 10,000 rects) took librsvg 103 s.
 */
export function fannedOutSvg(levels: number, fan: number, href = 'xlink:href'): string {
  let defs = '<rect id="l0" width="1000" height="1000" fill="#c33" opacity="0.5"/>';
  for (let level = 1; level <= levels; level++) {
    defs += `<g id="l${level}">${`<use ${href}="#l${level - 1}"/>`.repeat(fan)}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1000"><defs>${defs}</defs><use ${href}="#l${levels}"/></svg>`;
}

/**
 * A few hundred bytes of large blurred rects: far inside every element bound, yet each takes
 * librsvg seconds (5 at 2000 px: about 12 s on one core), and a full-canvas blur needs a few
 * hundred megabytes.
 */
export function blurredSvg(rects = 5, size = 2000, blur = 100): string {
  const shapes = Array.from(
    { length: rects },
    (_, i) =>
      `<rect x="${(i * 97) % size}" y="${(i * 131) % size}" width="${size / 2}" height="${size / 2}" fill="#${(0x336699 + i * 4099).toString(16).slice(-6)}" filter="url(#b)"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>${shapes}</svg>`;
}

/**
 * A filter of `primitives` chained offsets over the whole canvas: librsvg keeps every named result
 * alive while the filter runs, one surface of the drawn size each, so drawing it at a logo's full
 * size needs several hundred megabytes although the file is a few kilobytes.
 */
export function layeredFilterSvg(primitives = 100, size = 3100): string {
  const chain = Array.from(
    { length: primitives },
    (_, i) => `<feOffset in="${i ? `r${i - 1}` : 'SourceGraphic'}" dx="1" dy="0" result="r${i}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><filter id="f" x="0" y="0" width="100%" height="100%">${chain}</filter></defs><rect width="${size}" height="${size}" fill="#336699" filter="url(#f)"/></svg>`;
}

export function pdfFile(extra = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}
