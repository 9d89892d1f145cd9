import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountApi } from '../api/account';
import { AuthCard } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { authActions } from '../features/auth/useAuth';
import { toast } from '../features/toast/toasts';
import { loginFailureToast } from '../lib/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function LoginPage() {
  useDocumentTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !email.trim() || !password) return;
    setBusy(true);
    try {
      const { user } = await accountApi.login(email.trim().toLowerCase(), password);
      authActions.signedIn(user);
      toast({ title: 'Welcome back', description: `Signed in as ${user.email}.`, variant: 'success' });
      void navigate(from && from.startsWith('/') ? from : '/profile', { replace: true });
    } catch (error) {
      toast(loginFailureToast(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      eyebrow="Your Account"
      title="Welcome Back"
      lede="Sign in to see your orders, your design requests and your saved details."
      footer={
        <p>
          New to Facet? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormField id="login-email" label="Email Address">
          <input
            id="login-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField id="login-password" label="Password">
          <input
            id="login-password"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <div className="auth__row">
          <span />
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !email.trim() || !password}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
    </AuthCard>
  );
}
