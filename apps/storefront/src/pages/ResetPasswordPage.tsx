import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountApi } from '../api/account';
import { AuthCard, FieldFeedback } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { toast } from '../features/toast/toasts';
import { PASSWORD_RULES, passwordFeedback } from '../lib/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const state = passwordFeedback(password);
  const matches = confirm === password;
  const valid = Boolean(state?.valid && matches);

  if (!email || !token) {
    return (
      <AuthCard
        eyebrow="Password Help"
        title="Invalid Reset Link"
        lede="This link is incomplete. Please request a new one."
        footer={
          <p>
            <Link to="/forgot-password">Request a new link</Link>
          </p>
        }
      >
        {null}
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !valid) return;
    setBusy(true);
    try {
      const result = await accountApi.resetPassword(email, token, password);
      toast({ title: 'Password updated', description: result.message, variant: 'success' });
      void navigate('/login', { replace: true });
    } catch (error) {
      toast({ title: 'Reset failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard eyebrow="Password Help" title="Choose a New Password" lede={<span className="auth__email">{email}</span>}>
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormField id="reset-password" label="New Password">
          <input
            id="reset-password"
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            aria-describedby="reset-password-feedback"
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldFeedback id="reset-password-feedback" feedback={state} />
          <ul className="auth__rules">
            {PASSWORD_RULES.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </FormField>
        <FormField id="reset-confirm" label="Confirm New Password">
          <input
            id="reset-confirm"
            className="input"
            type="password"
            autoComplete="new-password"
            value={confirm}
            aria-invalid={confirm && !matches ? true : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {confirm && !matches && <p className="field__error">Passwords do not match</p>}
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !valid}>
          {busy ? 'Saving...' : 'Save New Password'}
        </button>
      </form>
    </AuthCard>
  );
}
