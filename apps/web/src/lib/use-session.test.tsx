import { makeSessionUser } from '@comped/shared/factories/session-user';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from './session';
import { SessionProvider, useSession } from './use-session';

const KEY = 'comped.session';

function Who() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.name}` : 'Signed out'}</p>;
}

/** What another tab's write looks like here: the storage changes, then a `storage` event arrives. */
function otherTabWrites(value: string | null) {
  const oldValue = localStorage.getItem(KEY);
  if (value === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, value);
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, oldValue, newValue: value, storageArea: localStorage }),
    );
  });
}

afterEach(() => {
  // Unmounted first: the page would otherwise render once more without its user.
  cleanup();
  writeSession(null);
});

describe('SessionProvider across tabs', () => {
  it("follows another tab's sign-out and sign-in, and forgets the cached answers each time", () => {
    writeSession({ token: 'a', user: makeSessionUser('influencer', { name: 'Ann' }) });
    const onSignOut = vi.fn();
    render(
      <SessionProvider onSignOut={onSignOut}>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('Signed in as Ann')).toBeInTheDocument();

    otherTabWrites(null);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(onSignOut).toHaveBeenCalledTimes(1);

    otherTabWrites(JSON.stringify({ token: 'b', user: makeSessionUser('journalist', { name: 'Bo' }) }));
    expect(screen.getByText('Signed in as Bo')).toBeInTheDocument();
    expect(onSignOut).toHaveBeenCalledTimes(2);
  });

  it('ignores other keys, and a refreshed profile of the same session keeps the cache', () => {
    writeSession({ token: 'a', user: makeSessionUser('influencer', { name: 'Ann' }) });
    const onSignOut = vi.fn();
    render(
      <SessionProvider onSignOut={onSignOut}>
        <Who />
      </SessionProvider>,
    );
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', storageArea: localStorage }));
    });
    otherTabWrites(JSON.stringify({ token: 'a', user: makeSessionUser('influencer', { name: 'Ann B.' }) }));
    expect(screen.getByText('Signed in as Ann B.')).toBeInTheDocument();
    expect(onSignOut).not.toHaveBeenCalled();
  });
});
