import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accountApi } from '../api/account';
import { AuthCard, FieldFeedback } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { MailIcon } from '../components/Icons';
import { toast } from '../features/toast/toasts';
import { emailFeedback, FORGOT_PASSWORD_CONFIRMATION } from '../lib/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const state = emailFeedback(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!state?.valid) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await accountApi.forgotPassword(email.trim().toLowerCase());
    } catch {
      // Whatever happens, the same confirmation: it must not tell who has an account.
    } finally {
      setBusy(false);
      setSent(true);
    }
  };

  if (sent) {
    return (
      <AuthCard
        eyebrow="Password Help"
        title="Check Your Email"
        lede={FORGOT_PASSWORD_CONFIRMATION}
        footer={
          <p>
            Remembered it? <Link to="/login">Back to sign in</Link>
          </p>
        }
      >
        <div className="auth__actions">
          <span className="auth__mark" aria-hidden="true">
            <MailIcon size={26} />
          </span>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              setSent(false);
              setEmail('');
            }}
          >
            Try another email
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Password Help"
      title="Forgot Your Password?"
      lede="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormField id="forgot-email" label="Email Address">
          <input
            id="forgot-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={state && !state.valid ? true : undefined}
            aria-describedby="forgot-email-feedback"
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldFeedback id="forgot-email-feedback" feedback={state} />
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !state?.valid}>
          {busy ? 'Sending...' : 'Send Reset Instructions'}
        </button>
      </form>
    </AuthCard>
  );
}
