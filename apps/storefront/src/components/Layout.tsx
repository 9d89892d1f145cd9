import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useToasts } from '../features/toast/toasts';
import { ClientOnly } from './ClientOnly';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { HydrateLater } from './HydrateLater';

// Notifications (and the Radix toast library) load when the first toast is raised: a page load runs none of
// it. Toasts wait in their store and show as soon as the viewport mounts; the shopper's first press or key
// fetches the library ahead, so the toast that press may raise shows at once.
const loadToaster = () => import('../features/toast/Toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** The toast viewport, mounted with the first toast and kept from then on. */
function Notifications() {
  const raised = useToasts().length > 0;
  const [mounted, setMounted] = useState(raised);
  if (raised && !mounted) setMounted(true);
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const fetchAhead = () => {
      for (const e of events) document.removeEventListener(e, fetchAhead, true);
      void loadToaster().catch(() => undefined);
    };
    for (const e of events) document.addEventListener(e, fetchAhead, { capture: true, passive: true });
    return () => {
      for (const e of events) document.removeEventListener(e, fetchAhead, true);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Opening a screen starts at its top (a #hash is left to the page that owns the anchor), and keyboard and
 * screen-reader users land at the start of the new screen's content rather than back in the header.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return null;
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}

/**
 * Marks <html data-hydrated> once the page's boundary has hydrated (its effects run only then): until then
 * a click on the server's markup does nothing, so browser journeys wait for it before they click.
 */
function PageHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** An order this browser left to pay that was paid meanwhile (another tab, a closed one): its pieces leave the bag. */
function SettlePaidOrder() {
  useEffect(() => {
    void import('../lib/payAgain').then((m) => m.settleLastOrder()).catch(() => undefined);
  }, []);
  return null;
}

/** The shop's frame around the page of the route (or `children`: the not-found page of a URL no route matches). */
export function Layout({ children }: { children?: ReactNode } = {}) {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <SettlePaidOrder />
      {/* Each Suspense boundary is hydrated as its own task, so hydrating the server's page does not block
          the main thread in one long piece (the header, the page, the footer). */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            {children ?? <Outlet />}
            <PageHydrated />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/* Below every page's first screen: interactive once near the viewport or at the shopper's first press. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <ClientOnly fallback={null}>
        <Notifications />
      </ClientOnly>
    </>
  );
}
