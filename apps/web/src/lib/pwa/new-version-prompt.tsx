import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isNewVersionWaiting, subscribeNewVersion } from './new-version';

// MUI's Snackbar and Alert load only when a new version is there, not with the first page.
const NewVersionPromptView = lazy(() => import('./new-version-prompt-view'));

/** "A new version is ready" with Reload, on every page, once the service worker has one waiting. */
export function NewVersionPrompt() {
  const waiting = useSyncExternalStore(subscribeNewVersion, isNewVersionWaiting, () => false);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <NewVersionPromptView />
    </Suspense>
  );
}
