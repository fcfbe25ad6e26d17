import { MSG } from '@comped/shared/messages';
import { act, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OfflineNotice } from './offline-notice';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineNotice', () => {
  it('says "You are offline" while the browser has no connection, in a live region', () => {
    render(<OfflineNotice media />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    goOnline(false);
    expect(region).toHaveTextContent(`${MSG.offline}. Visit passes you opened before still show`);
    goOnline(true);
    expect(region).toBeEmptyDOMElement();
  });
});
