// Theme first, so component styles (imported by the routes) can refine it.
import './theme/fonts';
import './theme/tokens.css';
import './theme/base.css';
import './theme/layout.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router-dom';
import { captureEarlyChoices } from './lib/earlyChoices';
import { createRoutes } from './routes';
import { HYDRATION_DATA_ID } from './routing/hydration';
import { browserShopData } from './routing/shopData';

/**
 * The server renders the landing pages and embeds its loaders' results in a JSON script element (not
 * executable, so the CSP's script-src 'self' holds); the browser router starts from them and hydrates the
 * server's markup without fetching again. Without server rendering (no SSR bundle built) the page is an
 * empty shell and the router loads and renders everything here.
 */
const embedded = document.getElementById(HYDRATION_DATA_ID);
const hydrationData = embedded?.textContent ? (JSON.parse(embedded.textContent) as HydrationState) : undefined;
const routes = createRoutes(browserShopData);
const container = document.getElementById('root') as HTMLElement;

/** Lets the browser end the current task (the entry's evaluation) before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  if (hydrationData) {
    // A size or metal chosen on the server's page before hydration is kept (lib/earlyChoices.ts).
    captureEarlyChoices(document);
    // The first route's page chunk (modulepreloaded by the server) is loaded before hydrating, so the
    // browser's first render is the server's tree.
    const leaf = matchRoutes(routes, window.location)?.at(-1)?.route.element;
    const page = (leaf as { type?: { preload?: () => Promise<void> } } | undefined)?.type;
    await page?.preload?.().catch(() => undefined);
    // Router set-up and hydration start in a task of their own, not appended to the entry's evaluation
    // (one long task on a phone's CPU).
    await nextTask();
  }
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // Hydrating in a transition makes it time-sliced: React yields to the browser every few milliseconds
  // instead of walking the server's tree in one long task (a phone's main thread stays free for input and
  // paint). A press on a part not yet hydrated still makes React hydrate that part at once (its Suspense
  // boundary) and replays the event.
  if (hydrationData) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
