import { describe, expect, it } from 'vitest';

import { reloadWhenReplaced } from './reload-when-replaced';

/** A page's service worker container: whichever worker controls it, and its `controllerchange`. */
function container(controller: ServiceWorker | null) {
  const events = new EventTarget();
  return {
    controller,
    addEventListener: events.addEventListener.bind(events) as ServiceWorkerContainer['addEventListener'],
    takeOver(next: ServiceWorker) {
      this.controller = next;
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
}

const worker = (name: string) => ({ scriptURL: `/sw.js#${name}` }) as ServiceWorker;

describe('reloadWhenReplaced', () => {
  it('reloads a page the old version served, once, when a new version takes over', () => {
    const workers = container(worker('old'));
    let reloads = 0;
    reloadWhenReplaced(workers, () => (reloads += 1));
    workers.takeOver(worker('new'));
    workers.takeOver(worker('newer'));
    expect(reloads).toBe(1);
  });

  it('leaves a first visit alone when the first install takes the page over', () => {
    const workers = container(null);
    let reloads = 0;
    reloadWhenReplaced(workers, () => (reloads += 1));
    workers.takeOver(worker('first'));
    expect(reloads).toBe(0);
    // That page now runs on the first version: the next one reloads it.
    workers.takeOver(worker('second'));
    expect(reloads).toBe(1);
  });
});
