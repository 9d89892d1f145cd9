import { VERIFICATION_CODE_LENGTH } from '@facet/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountApi } from '../api/account';
import { AuthCard } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { CheckIcon, CloseIcon, MailIcon } from '../components/Icons';
import { toast } from '../features/toast/toasts';
import { isCompleteCode, normalizeCode, resendFailureToast, verificationFailureText } from '../lib/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type VerifyEmailData } from '../routing/accountLoaders';
import { usePageData } from '../routing/usePageData';

export const VERIFIED_REDIRECT_MS = 2000;

type Phase = { kind: 'pending' } | { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

export default function VerifyEmailPage() {
  useDocumentTitle('Verify Your Email');
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const token = params.get('token') ?? '';
  // A link carries its token: the route's loader checks it once on arrival (routing/accountLoaders.ts).
  const loaded = usePageData<VerifyEmailData>();
  const checked = loaded && !isInBrowser(loaded) ? loaded.result : null;
  const [phase, setPhase] = useState<Phase>(checked ?? (token ? { kind: 'verifying' } : { kind: 'pending' }));
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);
  // The link's answer, once it lands (the page shows 'Verifying…' until then); a code typed later is the shopper's own.
  const [shown, setShown] = useState(checked);
  if (checked !== shown) {
    setShown(checked);
    if (checked) setPhase(checked);
  }
  useEffect(() => {
    if (checked?.kind === 'failed') toast({ title: 'Verification Failed', description: checked.message, variant: 'destructive' });
  }, [checked]);

  const verify = async (secret: string) => {
    setPhase({ kind: 'verifying' });
    try {
      const result = await accountApi.verifyEmail(email, secret);
      setPhase({ kind: 'verified', message: result.message });
    } catch (error) {
      const message = verificationFailureText(error);
      toast({ title: 'Verification Failed', description: message, variant: 'destructive' });
      setPhase({ kind: 'failed', message });
    }
  };

  // Verified: home after 2 s, with a page reload.
  useEffect(() => {
    if (phase.kind !== 'verified') return;
    const timer = setTimeout(() => window.location.assign('/'), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase.kind]);

  if (!email) {
    return (
      <AuthCard
        eyebrow="Email Verification"
        title="Invalid Verification Link"
        lede="This link is missing the email address it belongs to."
        footer={
          <p>
            <Link to="/register">Create an account</Link> · <Link to="/">Return home</Link>
          </p>
        }
      >
        <span className="auth__mark auth__mark--danger" aria-hidden="true">
          <CloseIcon size={26} />
        </span>
      </AuthCard>
    );
  }

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!email) {
      toast({ title: 'Email Required', variant: 'destructive' });
      return;
    }
    if (!isCompleteCode(code)) {
      toast({
        title: 'Invalid Code',
        description: 'Please enter the 8-character verification code from your email.',
        variant: 'destructive',
      });
      return;
    }
    void verify(code);
  };

  const resend = async () => {
    if (!email) {
      toast({ title: 'Email Required', description: 'Please enter your email address first.', variant: 'destructive' });
      return;
    }
    setResending(true);
    try {
      const result = await accountApi.resendVerification(email);
      toast({ title: 'New Code Sent!', description: result.message, variant: 'success' });
      setCode('');
      setPhase({ kind: 'pending' });
    } catch (error) {
      toast(resendFailureToast(error));
    } finally {
      setResending(false);
    }
  };

  const footer = (
    <p>
      Wrong address? <Link to="/register">Register again</Link> · <Link to="/">Return home</Link>
    </p>
  );

  if (phase.kind === 'verified') {
    return (
      <AuthCard eyebrow="Email Verification" title="Email Verified" lede={phase.message} footer={<p>Taking you to the home page…</p>}>
        <span className="auth__mark" aria-hidden="true">
          <CheckIcon size={26} />
        </span>
      </AuthCard>
    );
  }

  if (token && phase.kind !== 'pending') {
    return (
      <AuthCard
        eyebrow="Email Verification"
        title={phase.kind === 'failed' ? 'Verification Failed' : 'Verifying…'}
        lede={
          phase.kind === 'failed'
            ? `${phase.message} The link may be invalid, expired or already used.`
            : 'One moment while we confirm your email address.'
        }
        footer={footer}
      >
        {phase.kind === 'failed' ? (
          <div className="auth__actions">
            <span className="auth__mark auth__mark--danger" aria-hidden="true">
              <CloseIcon size={26} />
            </span>
            <button type="button" className="btn btn--outline" onClick={resend} disabled={resending}>
              {resending ? 'Sending...' : 'Send a New Code'}
            </button>
          </div>
        ) : (
          <span className="spinner" role="status" aria-label="Verifying" />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Email Verification"
      title="Check Your Email"
      lede={
        <>
          We sent an 8-character code to <span className="auth__email">{email}</span>. Enter it below, or open the link in the email.
        </>
      }
      footer={footer}
    >
      <form className="auth__form" onSubmit={submitCode} noValidate>
        <span className="auth__mark" aria-hidden="true">
          <MailIcon size={26} />
        </span>
        <FormField id="verify-code" label="Verification Code">
          <input
            id="verify-code"
            className="input auth__code"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={VERIFICATION_CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(normalizeCode(e.target.value))}
          />
          {phase.kind === 'failed' && <p className="field__error">{phase.message}</p>}
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={phase.kind === 'verifying'}>
          {phase.kind === 'verifying' ? 'Verifying...' : 'Verify Email'}
        </button>
        <p className="auth__row" style={{ justifyContent: 'center' }}>
          <span className="muted">Didn&rsquo;t receive it?</span>
          <button type="button" className="auth__link" onClick={resend} disabled={resending}>
            {resending ? 'Sending...' : 'Resend code'}
          </button>
        </p>
      </form>
    </AuthCard>
  );
}
