import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * What a camera at the door reads from a QR image on the page: the image drawn on a white canvas with
 * a quiet zone, its pixels decoded with jsQR (as the door's scanner does). Null when nothing decodes.
 */
export async function readQr(image: Locator): Promise<string | null> {
  const { width, height, pixels } = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const pad = 16;
    const canvas = document.createElement('canvas');
    canvas.width = img.width + 2 * pad;
    canvas.height = img.height + 2 * pad;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, pad, pad, img.width, img.height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
  });
  return jsQR(new Uint8ClampedArray(pixels), width, height)?.data ?? null;
}
