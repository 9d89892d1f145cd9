import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { accountApi } from '../api/account';
import { AuthCard, FieldFeedback } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { toast } from '../features/toast/toasts';
import { emailFeedback, PASSWORD_RULES, passwordFeedback, registerFailureToast } from '../lib/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function RegisterPage() {
  useDocumentTitle('Create Account');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const emailState = emailFeedback(email);
  const passwordState = passwordFeedback(password);
  const valid = Boolean(emailState?.valid && passwordState?.valid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      toast({ title: 'Please fix validation errors', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const result = await accountApi.register(email.trim().toLowerCase(), password);
      if (result.verification_link) console.info('Verification link (for testing):', result.verification_link);
      toast({ title: 'Account created', description: result.message, variant: 'success' });
      void navigate(result.requires_verification ? `/verify-email?email=${encodeURIComponent(result.email)}` : '/');
    } catch (error) {
      toast(registerFailureToast(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      eyebrow="Your Account"
      title="Create an Account"
      lede="Keep your orders, design requests and details in one place."
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormField id="register-email" label="Email Address">
          <input
            id="register-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={emailState && !emailState.valid ? true : undefined}
            aria-describedby="register-email-feedback"
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldFeedback id="register-email-feedback" feedback={emailState} />
        </FormField>
        <FormField id="register-password" label="Password">
          <input
            id="register-password"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            aria-invalid={passwordState && !passwordState.valid ? true : undefined}
            aria-describedby="register-password-feedback register-password-rules"
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldFeedback id="register-password-feedback" feedback={passwordState} />
          <ul id="register-password-rules" className="auth__rules">
            {PASSWORD_RULES.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !valid}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
    </AuthCard>
  );
}
