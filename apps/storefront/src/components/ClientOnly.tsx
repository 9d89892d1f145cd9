import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * Renders `fallback` on the server and while hydrating, then the children: for screens that depend on the
 * browser's own state (cart, account, checkout), which the server cannot know. After the first page, client
 * navigations render the children at once.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? children : fallback;
}
