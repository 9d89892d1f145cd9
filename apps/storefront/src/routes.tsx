/**
 * The route table. Every page is its own chunk (React.lazy) except home, which ships with the entry so the
 * first screen needs no second round-trip. Part 2 adds its account, checkout, payment and custom-design
 * screens here: one line each.
 */
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import { COLLECTIONS } from './lib/collections';
import HomePage from './pages/HomePage';

const JewelryPage = lazy(() => import('./pages/JewelryPage'));
const CollectionPage = lazy(() => import('./pages/CollectionPage'));
const CategoryPage = lazy(() => import('./pages/CategoryPage'));
const CataloguePage = lazy(() => import('./pages/CataloguePage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const ProductPage = lazy(() => import('./pages/ProductPage'));
const CartPage = lazy(() => import('./pages/CartPage'));
const WishlistPage = lazy(() => import('./pages/WishlistPage'));
const ConsultationSubmittedPage = lazy(() => import('./pages/ConsultationSubmittedPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const ContactPage = lazy(() => import('./pages/ContactPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('./pages/TermsOfServicePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const CheckoutPage = lazy(() => import('./pages/CheckoutPage'));
const PaymentPage = lazy(() => import('./pages/PaymentPage'));
const PaymentResultPage = lazy(() => import('./pages/PaymentResultPage'));
const PaymentCancelPage = lazy(() => import('./pages/PaymentCancelPage'));
const CustomDesignPage = lazy(() => import('./pages/CustomDesignPage'));

const page = (Component: ComponentType) => <Component />;

export const pageRoutes: RouteObject[] = [
  { path: '/', element: page(HomePage) },
  { path: '/jewelry', element: page(JewelryPage) },
  ...COLLECTIONS.map((c) => ({ path: c.category.href, element: <CollectionPage slug={c.slug} /> })),
  { path: '/category/:category', element: page(CategoryPage) },
  { path: '/catalog', element: page(CataloguePage) },
  { path: '/catalogue', element: page(CataloguePage) },
  { path: '/search', element: page(SearchPage) },
  { path: '/product/:id', element: page(ProductPage) },
  { path: '/cart', element: page(CartPage) },
  { path: '/wishlist', element: page(WishlistPage) },
  { path: '/consultation-submitted', element: page(ConsultationSubmittedPage) },
  { path: '/about', element: page(AboutPage) },
  { path: '/contact', element: page(ContactPage) },
  { path: '/privacy-policy', element: page(PrivacyPolicyPage) },
  { path: '/terms-of-service', element: page(TermsOfServicePage) },
  { path: '/login', element: page(LoginPage) },
  { path: '/register', element: page(RegisterPage) },
  { path: '/verify-email', element: page(VerifyEmailPage) },
  { path: '/forgot-password', element: page(ForgotPasswordPage) },
  { path: '/reset-password', element: page(ResetPasswordPage) },
  { path: '/profile', element: page(ProfilePage) },
  { path: '/orders', element: page(OrdersPage) },
  { path: '/checkout', element: page(CheckoutPage) },
  { path: '/payment', element: page(PaymentPage) },
  { path: '/payment/success', element: page(PaymentResultPage) },
  { path: '/payment-success', element: page(PaymentResultPage) },
  { path: '/payment/cancel', element: page(PaymentCancelPage) },
  { path: '/custom-design', element: page(CustomDesignPage) },
  { path: '*', element: page(NotFoundPage) },
];

export const routes: RouteObject[] = [{ element: <Layout />, children: pageRoutes }];
