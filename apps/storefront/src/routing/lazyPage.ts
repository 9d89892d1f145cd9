import { createElement, lazy, type ComponentType } from 'react';

export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

const pages: LazyPage<never>[] = [];

/**
 * A page in its own chunk, like React.lazy, that can also be loaded ahead of rendering: the server loads
 * every page once at start (so no render suspends and the HTML is complete without streaming scripts), and
 * the browser loads the first route's page before hydrating (so hydration renders the same tree at once).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const remember = (m: { default: ComponentType<P> }) => {
    loaded = m.default;
    return m;
  };
  const Lazy = lazy(() => load().then(remember));
  const Page = ((props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props)) as LazyPage<P>;
  Page.preload = () =>
    load()
      .then(remember)
      .then(() => undefined);
  pages.push(Page as LazyPage<never>);
  return Page;
}

/** Loads every lazy page (server side, once). */
export function preloadAllPages(): Promise<void> {
  return Promise.all(pages.map((p) => p.preload())).then(() => undefined);
}
