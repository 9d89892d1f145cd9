import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { Layout } from './Layout';
import { ChangePasswordPage } from './pages/ChangePasswordPage';
import { Dashboard } from './pages/Dashboard';
import { LoginPage } from './pages/LoginPage';
import { ParkedEventsPage } from './pages/ParkedEventsPage';
import { LogVerificationPage } from './pages/LogVerificationPage';
import { QueuesPage } from './pages/QueuesPage';
import { ReplayPage } from './pages/ReplayPage';
import audit from './resources/audit';
import customDesigns from './resources/custom-designs';
import customers from './resources/customers';
import mail from './resources/mail';
import messages from './resources/messages';
import orders from './resources/orders';
import products from './resources/products';
import reviews from './resources/reviews';
import returns from './resources/returns';
import signInLocks from './resources/sign-in-locks';
import staff from './resources/staff';
import { i18nProvider } from './i18n/en';
import { darkTheme, lightTheme } from './theme';

const Console = () => (
  <Admin
    basename="/admin"
    title="Facet · Back Office"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    loginPage={LoginPage}
    dashboard={Dashboard}
    layout={Layout}
    theme={lightTheme}
    darkTheme={darkTheme}
    requireAuth
    disableTelemetry
  >
    <Resource name="products" {...products} />
    <Resource name="orders" {...orders} />
    <Resource name="custom-designs" {...customDesigns} />
    <Resource name="customers" {...customers} />
    <Resource name="messages" {...messages} />
    <Resource name="reviews" {...reviews} />
    <Resource name="returns" {...returns} />
    <Resource name="mail" {...mail} />
    <Resource name="audit-events" {...audit} />
    <Resource name="staff" {...staff} />
    <Resource name="sign-in-locks" {...signInLocks} />
    <CustomRoutes>
      <Route path="/dashboard" element={<Dashboard />} />
      <Route path="/replay" element={<ReplayPage />} />
      <Route path="/queues" element={<QueuesPage />} />
      <Route path="/parked-events" element={<ParkedEventsPage />} />
      <Route path="/verification" element={<LogVerificationPage />} />
      <Route path="/account/password" element={<ChangePasswordPage />} />
    </CustomRoutes>
  </Admin>
);

/** A browser router (clean /admin/... URLs); the console lives under /admin and builds its links there. */
export const App = () => (
  <BrowserRouter>
    <Routes>
      <Route path="/admin/*" element={<Console />} />
    </Routes>
  </BrowserRouter>
);
