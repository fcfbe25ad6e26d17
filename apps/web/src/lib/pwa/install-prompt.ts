/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`): kept so the media
 * dashboard's hint can show its own "Add to Home Screen" button instead of the browser's banner.
 * Listening starts when this module is first imported (the service worker's registration imports it).
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let offer: BeforeInstallPromptEvent | null = null;
let installed = false;

const notify = () => {
  for (const l of listeners) l();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installed = true;
    notify();
  });
}

export function subscribeInstallOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app right now. */
export function canOfferInstall(): boolean {
  return offer !== null;
}

/** Whether the app was installed during this visit. */
export function wasInstalled(): boolean {
  return installed;
}

/** Shows the browser's install dialog; true when the user installed. An offer can be used once. */
export async function offerInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  notify();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}

/** The app runs installed (from the home screen), in a window of its own. */
export function runsInstalled(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Safari on iPhone and iPad, which offers no install prompt: the app is added through Share, then
 * "Add to Home Screen". (iPadOS says it is a Mac; a Mac has no touch screen.)
 */
export function isIosSafari(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}
