import { useEffect, useRef, useState } from 'react';

/** The part of the Barcode Detection API we use (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = new (opts: { formats: string[] }) => BarcodeDetectorLike;

export const CAMERA_UNAVAILABLE = 'The camera is not available here. Type the code instead.';

/**
 * Reads a QR code from the phone's camera: the browser's BarcodeDetector where it exists, else
 * jsQR on video frames (loaded only then). Calls `onCode` once with the first code seen; the
 * camera stops when `active` turns false or the component unmounts.
 */
export function useQrScanner(active: boolean, onCode: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!active) return;
    setError(null);
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const run = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(CAMERA_UNAVAILABLE);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setError(CAMERA_UNAVAILABLE);
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
      const detector = Detector ? new Detector({ formats: ['qr_code'] }) : null;
      const jsQR = detector ? null : (await import('jsqr')).default;
      const canvas = document.createElement('canvas');
      const c2d = canvas.getContext('2d', { willReadFrequently: true });
      const tick = async () => {
        if (stopped) return;
        let text: string | null = null;
        if (video.readyState >= 2 && video.videoWidth > 0) {
          if (detector) {
            text = (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
          } else if (jsQR && c2d) {
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            c2d.drawImage(video, 0, 0);
            const image = c2d.getImageData(0, 0, canvas.width, canvas.height);
            text = jsQR(image.data, image.width, image.height)?.data ?? null;
          }
        }
        if (text && !stopped) {
          onCodeRef.current(text);
          return;
        }
        frame = requestAnimationFrame(() => void tick());
      };
      void tick();
    };
    void run();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [active]);

  return { videoRef, error };
}
