import type { ReactNode } from 'react';
import type { Feedback } from '../lib/account';
import '../pages/Account.css';

/** The account screens' frame: a centred card on ivory with an eyebrow, a serif title and a short lede. */
export function AuthCard({
  eyebrow,
  title,
  lede,
  children,
  footer,
}: {
  eyebrow: string;
  title: string;
  lede?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth container">
      <section className="auth__card" aria-labelledby="auth-title">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="auth-title" className="display-2 auth__title">
          {title}
        </h1>
        {lede && <p className="auth__lede muted">{lede}</p>}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </section>
    </div>
  );
}

export function FieldFeedback({ id, feedback }: { id: string; feedback: Feedback | null }) {
  if (!feedback) return null;
  return (
    <p id={id} className={feedback.valid ? 'field__ok' : 'field__error'} aria-live="polite">
      {feedback.message}
    </p>
  );
}
