/**
 * The route table. Every page is its own chunk (React.lazy) except home, which ships with the entry so the
 * first screen needs no second round-trip. Account, checkout and payment screens: one line each.
 */
import type { ComponentType } from 'react';
import { isRouteErrorResponse, useRouteError, type RouteObject, type ShouldRevalidateFunction } from 'react-router-dom';
import { ClientOnly } from './components/ClientOnly';
import { Layout, PageLoading } from './components/Layout';
import { COLLECTIONS } from './lib/collections';
import HomePage from './pages/HomePage';
import { lazyPage } from './routing/lazyPage';
import { createAccountLoaders } from './routing/accountLoaders';
import { createLoaders } from './routing/loaders';
import type { ShopData } from './routing/shopData';

const JewelryPage = lazyPage(() => import('./pages/JewelryPage'));
const CollectionPage = lazyPage(() => import('./pages/CollectionPage'));
const CategoryPage = lazyPage(() => import('./pages/CategoryPage'));
const CataloguePage = lazyPage(() => import('./pages/CataloguePage'));
const SearchPage = lazyPage(() => import('./pages/SearchPage'));
const ProductPage = lazyPage(() => import('./pages/ProductPage'));
const CartPage = lazyPage(() => import('./pages/CartPage'));
const WishlistPage = lazyPage(() => import('./pages/WishlistPage'));
const ConsultationSubmittedPage = lazyPage(() => import('./pages/ConsultationSubmittedPage'));
const AboutPage = lazyPage(() => import('./pages/AboutPage'));
const ContactPage = lazyPage(() => import('./pages/ContactPage'));
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazyPage(() => import('./pages/TermsOfServicePage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const LoginPage = lazyPage(() => import('./pages/LoginPage'));
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'));
const VerifyEmailPage = lazyPage(() => import('./pages/VerifyEmailPage'));
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'));
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'));
const OrdersPage = lazyPage(() => import('./pages/OrdersPage'));
const OrderDetailPage = lazyPage(() => import('./pages/OrderDetailPage'));
const CheckoutPage = lazyPage(() => import('./pages/CheckoutPage'));
const PaymentPage = lazyPage(() => import('./pages/PaymentPage'));
const PaymentResultPage = lazyPage(() => import('./pages/PaymentResultPage'));
const PaymentCancelPage = lazyPage(() => import('./pages/PaymentCancelPage'));
const CustomDesignPage = lazyPage(() => import('./pages/CustomDesignPage'));

/**
 * What the server sends with a route's first screen: `chunk`, the page's own module (its script is
 * modulepreloaded, its styles inlined), and `fonts`, the faces its first screen shows beyond the ones every
 * first screen shows (declared inline and preloaded; built files are named <face>-<hash>.woff2). The
 * other faces are declared once the first screen is shown.
 */
export interface RouteHandle {
  chunk?: string;
  fonts?: string[];
}

/**
 * Faces on every page's first screen, phone and desktop: the header, the nav and the page title. A face no
 * list names for a page is declared only after its first screen is shown (entry-server.tsx, boot.ts).
 */
export const FIRST_SCREEN_FONTS = ['cormorant-garamond-latin-300-normal', 'inter-latin-400-normal', 'inter-latin-500-normal'];
const CORMORANT_400 = 'cormorant-garamond-latin-400-normal';
const INTER_600 = 'inter-latin-600-normal';

const page = (Component: ComponentType) => <Component />;
/** A screen shown in the browser only: the server sends the shell with a loading state in its place. */
const browserPage = (Component: ComponentType) => (
  <ClientOnly fallback={<PageLoading />}>
    <Component />
  </ClientOnly>
);

/**
 * The product page writes the chosen variant into its query (?variant=): the piece already loaded stays,
 * rewriting the query does not run the route's loader again. Every other query change (a filter, a sort,
 * a search) does: pages read their data from their loader only.
 */
const sameScreenOtherQuery: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

/** The verification link's token is checked once: only another link (another query) checks again. */
const onlyAnotherLink: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

/**
 * The one route table, for the server (createStaticHandler, loaders reading in-process) and the browser
 * (createBrowserRouter, loaders over HTTP). Route ids name each page's loader data and its head
 * (seo/meta.ts); `handle.chunk` names the page's own module, whose script and styles the server sends
 * with the first screen.
 */
export function createRoutes(shop: ShopData): RouteObject[] {
  const load = createLoaders(shop);
  const account = createAccountLoaders(shop);
  /** A screen of the shopper's own, drawn in the browser, whose loader runs there (on start too). */
  const accountPage = (id: string, path: string, loader: RouteObject['loader'], Component: ComponentType): RouteObject => ({
    id,
    path,
    loader,
    element: browserPage(Component),
    // The page is its own fallback (its loading state) for a browser start without server data.
    hydrateFallbackElement: browserPage(Component),
  });
  const chunk = (name: string, fonts?: string[]): RouteHandle => ({ chunk: `src/pages/${name}.tsx`, fonts });
  // Collections and categories open on a lede in Cormorant (roman and italic); products on a price in Inter 600.
  // e2e/storefront/server-rendering checks these lists against what each first screen shows, phone and desktop.
  const listingFonts = [CORMORANT_400, 'cormorant-garamond-latin-400-italic'];
  const catalogueFonts = ['cormorant-garamond-latin-500-normal', CORMORANT_400, INTER_600];
  return [
    {
      id: 'layout',
      element: <Layout />,
      // A URL no route can match (the catch-all's pattern stops at a line terminator: /rings%0A) is the
      // not-found page like any other, on the server and in the browser alike.
      errorElement: (
        <Layout>
          <RouteError />
        </Layout>
      ),
      // A page with a loader is its own fallback (it shows its loading state until its data is read).
      hydrateFallbackElement: <PageLoading />,
      children: [
        { id: 'home', path: '/', loader: load.home, element: page(HomePage), hydrateFallbackElement: page(HomePage) },
        {
          id: 'jewelry',
          path: '/jewelry',
          loader: load.jewelry,
          element: page(JewelryPage),
          hydrateFallbackElement: page(JewelryPage),
          handle: chunk('JewelryPage', [CORMORANT_400]),
        },
        ...COLLECTIONS.map((c) => ({
          id: `collection:${c.slug}`,
          path: c.category.href,
          loader: load.collection(c),
          element: <CollectionPage slug={c.slug} />,
          hydrateFallbackElement: <CollectionPage slug={c.slug} />,
          handle: chunk('CollectionPage', listingFonts),
        })),
        {
          id: 'category',
          path: '/category/:category',
          loader: load.category,
          element: page(CategoryPage),
          hydrateFallbackElement: page(CategoryPage),
          handle: chunk('CategoryPage', listingFonts),
        },
        {
          id: 'catalog',
          path: '/catalog',
          loader: load.catalogue,
          element: page(CataloguePage),
          hydrateFallbackElement: page(CataloguePage),
          handle: chunk('CataloguePage', catalogueFonts),
        },
        {
          id: 'catalogue',
          path: '/catalogue',
          loader: load.catalogue,
          element: page(CataloguePage),
          hydrateFallbackElement: page(CataloguePage),
          handle: chunk('CataloguePage', catalogueFonts),
        },
        {
          id: 'search',
          path: '/search',
          loader: load.search,
          element: page(SearchPage),
          hydrateFallbackElement: page(SearchPage),
          handle: chunk('SearchPage', [INTER_600]),
        },
        {
          id: 'product',
          path: '/product/:id',
          loader: load.product,
          // Choosing a size or metal only rewrites ?variant=: the product already loaded stays.
          shouldRevalidate: sameScreenOtherQuery,
          element: page(ProductPage),
          hydrateFallbackElement: page(ProductPage),
          handle: chunk('ProductPage', [INTER_600]),
        },
        { id: 'about', path: '/about', element: page(AboutPage), handle: chunk('AboutPage') },
        { id: 'contact', path: '/contact', element: page(ContactPage), handle: chunk('ContactPage', [CORMORANT_400]) },
        {
          id: 'privacy-policy',
          path: '/privacy-policy',
          element: page(PrivacyPolicyPage),
          handle: chunk('PrivacyPolicyPage', [CORMORANT_400]),
        },
        {
          id: 'terms-of-service',
          path: '/terms-of-service',
          element: page(TermsOfServicePage),
          handle: chunk('TermsOfServicePage', [CORMORANT_400]),
        },
        // Server-rendered at its first step (search engines index it); the contact fields fill in the browser.
        {
          id: 'custom-design',
          path: '/custom-design',
          element: page(CustomDesignPage),
          handle: chunk('CustomDesignPage', ['cormorant-garamond-latin-500-normal', CORMORANT_400]),
        },
        // Rendered in the browser only, inside the server-rendered shell (personal or session-bound).
        { path: '/cart', element: browserPage(CartPage) },
        { path: '/wishlist', element: browserPage(WishlistPage) },
        { path: '/consultation-submitted', element: browserPage(ConsultationSubmittedPage) },
        { path: '/login', element: browserPage(LoginPage) },
        { path: '/register', element: browserPage(RegisterPage) },
        { ...accountPage('verify-email', '/verify-email', account.verifyEmail, VerifyEmailPage), shouldRevalidate: onlyAnotherLink },
        { path: '/forgot-password', element: browserPage(ForgotPasswordPage) },
        { path: '/reset-password', element: browserPage(ResetPasswordPage) },
        accountPage('profile', '/profile', account.profile, ProfilePage),
        accountPage('orders', '/orders', account.orders, OrdersPage),
        accountPage('order', '/orders/:id', account.orderPage, OrderDetailPage),
        { path: '/checkout', element: browserPage(CheckoutPage) },
        accountPage('payment', '/payment', account.payment, PaymentPage),
        accountPage('payment-result', '/payment/success', account.paymentResult, PaymentResultPage),
        accountPage('payment-success', '/payment-success', account.paymentResult, PaymentResultPage),
        accountPage('payment-cancel', '/payment/cancel', account.paymentCancel, PaymentCancelPage),
        { id: 'not-found', path: '*', loader: load.notFound, element: page(NotFoundPage), handle: chunk('NotFoundPage') },
      ],
    },
  ];
}

/** The not-found page for a URL no route matches; other route errors go to the layout's error boundary. */
function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return page(NotFoundPage);
  throw error;
}

/** Paths that are never server-rendered with content (kept out of search engines by robots.txt too). */
export const BROWSER_ONLY_PATHS = [
  '/cart',
  '/wishlist',
  '/consultation-submitted',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/orders',
  '/checkout',
  '/payment',
] as const;
