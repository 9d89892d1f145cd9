import type { ReactNode } from 'react';

/** What a field's control carries while the field has an error, so that a screen reader reads it with the control. */
export interface FieldAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One field of a storefront form: the .field block with its label, the control, and the error under it
 * (role=alert) that the control names in aria-describedby while there is one. The control (an input, a
 * select, a textarea) is the form's own, drawn by `children` with the field's aria attributes.
 */
export function FormField({
  id,
  label,
  error,
  errorId = `${id}-error`,
  className,
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** The message shown under the control; nothing while the field is fine. */
  error?: string | null | false;
  /** The error's id; null for an error the control does not point to. */
  errorId?: string | null;
  /** Classes beside `field` (field--wide). */
  className?: string;
  children: ReactNode | ((aria: FieldAria) => ReactNode);
}) {
  const aria: FieldAria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error && errorId ? errorId : undefined,
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {typeof children === 'function' ? children(aria) : children}
      {error && <FieldError id={errorId ?? undefined} error={error} />}
    </div>
  );
}

/** A field's error, for a control drawn without FormField (a group of radio buttons). */
export function FieldError({ id, error }: { id?: string; error?: string | null | false }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}
