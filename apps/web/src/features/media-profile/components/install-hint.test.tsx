import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { isIosSafari } from '../../../lib/pwa/install-prompt';
import { INSTALL_HINT_KEY } from './install-hint';

// The browser's offer lives in the module (one per page): each test gets a fresh one.
let InstallHint: typeof import('./install-hint').InstallHint;
beforeEach(async () => {
  vi.resetModules();
  ({ InstallHint } = await import('./install-hint'));
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** The browser's install offer, as Chromium fires it. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => vi.restoreAllMocks());

describe('the Add to Home Screen hint', () => {
  it('shows nothing where the browser offers no install and is not Safari on iOS', () => {
    render(<InstallHint />);
    expect(screen.queryByText('Add Comped to your Home Screen')).toBeNull();
  });

  it("offers the browser's install dialog, then stays away once installed", async () => {
    render(<InstallHint />);
    const event = offer('accepted');
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Home Screen' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByText('Add Comped to your Home Screen')).toBeNull());
    expect(localStorage.getItem(INSTALL_HINT_KEY)).not.toBeNull();
  });

  it('is closed for good with its close button', async () => {
    const first = render(<InstallHint />);
    offer('dismissed');
    await userEvent.click(await screen.findByRole('button', { name: 'Close the Add to Home Screen hint' }));
    expect(screen.queryByText('Add Comped to your Home Screen')).toBeNull();
    first.unmount();
    render(<InstallHint />);
    offer('dismissed');
    expect(screen.queryByText('Add Comped to your Home Screen')).toBeNull();
  });

  it('tells Safari on iPhone how to add it, where there is no install dialog', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render(<InstallHint />);
    expect(screen.getByText(/Tap Share, then "Add to Home Screen"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Home Screen' })).toBeNull();
  });

  it('knows Safari on iOS from the other browsers there', () => {
    expect(isIosSafari(IPHONE, 5)).toBe(true);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
    const ipadAsMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(isIosSafari(ipadAsMac, 5)).toBe(true);
    expect(isIosSafari(ipadAsMac, 0)).toBe(false);
  });
});
