import { Suspense, use, useId, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A part of a server-rendered page below its first screen (the footer, reviews, related pieces) that React
 * makes interactive only when it comes near the viewport, or as soon as the shopper presses, touches or
 * types anywhere, whichever comes first. Until then the server's HTML stays as it is (complete, its links
 * plain links), and a phone's main thread spends the first seconds on what the shopper sees.
 *
 * How: while the page hydrates, the children suspend on a promise of their own, and React keeps a
 * suspended boundary's server markup and hydrates it when the promise settles. A press on the part before
 * that releases every part first (the listener below captures it), so React hydrates the part at once and
 * the press reaches it. Rendered after hydration (a client-side navigation) the children show at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <>
      {/* Where the browser finds the part to watch (a template is never displayed). */}
      <template data-hydrate-later={id} />
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </>
  );
}

const noSubscription = () => () => undefined;

function Gate({ id, children }: { id: string; children: ReactNode }) {
  // false on the server and while hydrating (React asks for the server's snapshot then), true afterwards.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated && typeof document !== 'undefined' && !released.has(id)) use(waitFor(id));
  return children;
}

/** Parts whose hydration may go ahead, and the promises the others wait on. */
const released = new Set<string>();
const waiting = new Map<string, { promise: Promise<void>; release: () => void }>();
let observer: IntersectionObserver | undefined;
/** The shopper has pressed, touched or typed: parts met from now on hydrate at once. */
let interacted = false;

function release(id: string): void {
  released.add(id);
  waiting.get(id)?.release();
  waiting.delete(id);
}

function releaseAll(): void {
  interacted = true;
  for (const id of [...waiting.keys()]) release(id);
  observer?.disconnect();
}

/** The promise a part waits on (the same one each time React tries it), watched once it is made. */
function waitFor(id: string): Promise<void> {
  const known = waiting.get(id);
  if (known) return known.promise;
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  waiting.set(id, { promise, release: resolve });
  listenForInteraction();
  const marker = [...document.querySelectorAll<HTMLTemplateElement>('template[data-hydrate-later]')].find(
    (t) => t.dataset.hydrateLater === id,
  );
  const part = marker?.nextElementSibling;
  if (interacted || !part || typeof IntersectionObserver === 'undefined') {
    release(id); // nothing to watch: hydrated as usual
    return promise;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const watched = entry.target.previousElementSibling;
        const partId = watched instanceof HTMLTemplateElement ? watched.dataset.hydrateLater : undefined;
        if (partId) release(partId);
      }
    },
    // Started a little before it scrolls into view, so it is interactive by the time it is seen.
    { rootMargin: '300px 0px' },
  );
  // The marker precedes React's boundary comment, so the part's first element is the marker's next element.
  observer.observe(part);
  return promise;
}

let listening = false;
function listenForInteraction(): void {
  if (listening) return;
  listening = true;
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  const onFirst = () => {
    for (const e of events) document.removeEventListener(e, onFirst, true);
    releaseAll();
  };
  for (const e of events) document.addEventListener(e, onFirst, { capture: true, passive: true });
}
