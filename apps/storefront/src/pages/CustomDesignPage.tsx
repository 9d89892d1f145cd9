import { DIAMOND_SHAPES, DIAMOND_SIZES, karatsFor, METAL_TYPES, PREFERRED_CONTACTS, type Department } from '@facet/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { customDesignApi } from '../api/account';
import { newUuid } from '../api/client';
import { FieldError, FormField } from '../components/FormField';
import { CheckIcon, TrashIcon } from '../components/Icons';
import { useAuth } from '../features/auth/useAuth';
import { toast } from '../features/toast/toasts';
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  advancesAfter,
  applyChoice,
  AUTO_ADVANCE_MS,
  buildDesignPayload,
  canProceed,
  canSubmit,
  CONTACT_LABELS,
  CUSTOM_DESIGN_TITLE,
  contactErrors,
  contactPromise,
  DESIGN_API_FIELDS,
  type ContactField,
  type DesignConfirmation,
  type DesignErrors,
  type DesignField,
  DESIGN_FAILURE,
  DESIGN_SUCCESS,
  emptyDesign,
  furthestStep,
  imageProblem,
  LAST_STEP,
  METAL_LABELS,
  SHAPE_LABELS,
  SIZE_LABELS,
  stepOf,
  typesFor,
  WIZARD_STEPS,
  type DesignChange,
  type DesignForm,
} from '../lib/customDesign';
import { formRefusal, refusalSummary } from '../lib/fieldErrors';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { SHOP, telHref } from '../config';
import './ConsultationSubmittedPage.css';
import './CustomDesignPage.css';
import { picture } from '../lib/artwork';

/** The control of each field the API may refuse, to focus the first one. */
const FIELD_IDS: Record<DesignField, string> = {
  contactName: 'design-name',
  contactEmail: 'design-email',
  contactPhone: 'design-phone',
  designNotes: 'design-notes',
  designImage: 'design-image',
};

/** Step 5's text fields: the same control for each, only its name, type and autofill differ. */
const CONTACT_FIELDS: { key: ContactField; id: string; label: string; type?: string; autoComplete: string }[] = [
  { key: 'contactName', id: 'design-name', label: 'Full Name *', autoComplete: 'name' },
  { key: 'contactEmail', id: 'design-email', label: 'Email *', type: 'email', autoComplete: 'email' },
  { key: 'contactPhone', id: 'design-phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result: unknown = reader.result; // a data URL: readAsDataURL below
      resolve(String(result));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export default function CustomDesignPage() {
  useDocumentTitle(CUSTOM_DESIGN_TITLE);
  const { user } = useAuth();
  const contact = () => ({
    name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  });
  const [form, setForm] = useState<DesignForm>(() => emptyDesign(contact()));
  const [step, setStep] = useState(1);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<DesignErrors>({});
  // The request just received: shown in place of the wizard until the shopper starts another design.
  const [received, setReceived] = useState<DesignConfirmation | null>(null);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = useRef(newUuid());
  const heading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (received) confirmationHeading.current?.focus({ preventScroll: false });
  }, [received]);

  // Contact fields follow the signed-in customer until typed over.
  useEffect(() => {
    if (!user) return;
    setForm((f) =>
      f.contactName || f.contactEmail ? f : { ...f, contactName: contact().name, contactEmail: user.email, contactPhone: user.phone },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    setStep(next);
    heading.current?.focus({ preventScroll: true });
  };

  const choose = (change: DesignChange) => {
    const next = applyChoice(form, change);
    setForm(next);
    if (advancesAfter(step, change, next)) {
      clearTimeout(timer.current);
      const from = step;
      timer.current = setTimeout(() => setStep((s) => (s === from && canProceed(from, next) ? from + 1 : s)), AUTO_ADVANCE_MS);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast(problem);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setForm((f) => ({ ...f, designImage: dataUrl, imageName: file.name }));
      setServerErrors((e) => ({ ...e, designImage: undefined }));
    } catch {
      toast({ title: 'Could not read the image', description: 'Please try another file.', variant: 'destructive' });
    }
  };

  // Only step 5's Submit button sends: Enter in a field (any step) and Next never do.
  const ignoreImplicitSubmit = (event: FormEvent) => event.preventDefault();

  const submit = async () => {
    if (step !== LAST_STEP || !canSubmit(form, sending)) return;
    setSending(true);
    try {
      const payload = buildDesignPayload(form);
      const answer = await customDesignApi.submit(payload, key.current);
      toast(DESIGN_SUCCESS);
      // The confirmation keeps what it tells; the wizard behind it is cleared for another design (spec section 4).
      setReceived({
        id: answer.id,
        email: payload.contact_email,
        phone: payload.contact_phone,
        preferredContact: payload.preferred_contact,
        piece: typesFor(form.category).find((t) => t.id === form.jewelryType)?.name ?? form.jewelryType,
        diamond: `${SHAPE_LABELS[form.diamondShape] ?? form.diamondShape}, ${SIZE_LABELS[form.diamondSize] ?? form.diamondSize}`,
        metal: form.metalType === 'platinum' ? 'Platinum' : `${form.metalKarat} ${METAL_LABELS[form.metalType] ?? form.metalType}`,
        image: form.imageName,
      });
      key.current = newUuid();
      setServerErrors({});
      setForm(emptyDesign(contact()));
      clearTimeout(timer.current);
      setStep(1);
    } catch (error) {
      // Fields the API refused: on their fields (the step that shows the first one), in the shop's words.
      const refusal = formRefusal(error, DESIGN_API_FIELDS);
      setServerErrors(refusal.errors);
      if (refusal.order.length) {
        const first = refusal.order[0];
        if (stepOf(first) !== step) goTo(stepOf(first));
        setTimeout(() => document.getElementById(FIELD_IDS[first])?.focus(), 0);
      }
      toast(
        refusal.order.length || refusal.rest.length
          ? { title: DESIGN_FAILURE.title, description: refusalSummary(refusal), variant: 'destructive' }
          : DESIGN_FAILURE,
      );
    } finally {
      setSending(false);
    }
  };

  const startAnother = () => {
    setReceived(null);
    setStep(1);
  };

  const editContact = (field: ContactField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const fieldErrors: DesignErrors = { ...contactErrors(form), ...Object.fromEntries(Object.entries(serverErrors).filter(([, v]) => v)) };

  const reachable = furthestStep(form);
  const types = typesFor(form.category);

  return (
    <div className="wizard-page">
      <header className="page-header">
        <div className="container">
          <p className="eyebrow">Bespoke</p>
          <h1 className="display-1">Design Your Own</h1>
          <p className="lede">Five short steps, and our master craftsmen take it from there. We will be in touch within 24 hours.</p>
        </div>
      </header>

      {received ? (
        <DesignReceived request={received} headingRef={confirmationHeading} signedIn={Boolean(user)} onAnother={startAnother} />
      ) : (
        <div className="container container--narrow wizard">
          <ol className="wizard__steps" aria-label="Steps">
            {WIZARD_STEPS.map((label, i) => {
              const n = i + 1;
              const done = n < step || (n < reachable && n !== step);
              const enabled = n <= reachable;
              return (
                <li key={label} className={`wizard__step${n === step ? ' is-current' : ''}${done ? ' is-done' : ''}`}>
                  <button
                    type="button"
                    className="wizard__circle"
                    onClick={() => enabled && goTo(n)}
                    disabled={!enabled}
                    aria-current={n === step ? 'step' : undefined}
                    aria-label={`Step ${n}: ${label}${done ? ' (done)' : ''}`}
                  >
                    {done ? <CheckIcon size={16} /> : n}
                  </button>
                  <span className="wizard__label">{label}</span>
                </li>
              );
            })}
          </ol>

          <form className="wizard__panel" onSubmit={ignoreImplicitSubmit} noValidate>
            <h2 className="wizard__title" ref={heading} tabIndex={-1}>
              <span className="wizard__count">
                Step {step} of {LAST_STEP}
              </span>
              {step === 1 && 'What would you like us to create?'}
              {step === 2 && 'Choose your diamond'}
              {step === 3 && 'Choose your metal'}
              {step === 4 && 'Share your inspiration'}
              {step === 5 && 'How can we reach you?'}
            </h2>

            {step === 1 && (
              <>
                <fieldset className="wizard__group">
                  <legend>Collection</legend>
                  <div className="choices choices--2">
                    {(['women', 'men'] as Department[]).map((d) => (
                      <button
                        key={d}
                        type="button"
                        className={`option option--large theme-${d}`}
                        aria-pressed={form.category === d}
                        onClick={() => choose({ category: d })}
                      >
                        <span className="option__title">{d === 'women' ? "Women's" : "Men's"}</span>
                        <span className="option__meta">
                          {d === 'women' ? 'Rings, necklaces, earrings, bracelets' : 'Rings, necklaces, bracelets, earrings'}
                        </span>
                      </button>
                    ))}
                  </div>
                </fieldset>
                {form.category && (
                  <fieldset className="wizard__group">
                    <legend>Jewelry type</legend>
                    <div className="choices choices--4">
                      {types.map((t) => (
                        <button
                          key={t.id}
                          type="button"
                          className="option"
                          aria-pressed={form.jewelryType === t.id}
                          onClick={() => choose({ jewelryType: t.id })}
                        >
                          <img src={picture(t.image)} alt="" width={72} height={72} />
                          <span className="option__title">{t.name.replace(/^(Wo)?[Mm]en's /, '')}</span>
                        </button>
                      ))}
                    </div>
                  </fieldset>
                )}
              </>
            )}

            {step === 2 && (
              <>
                <fieldset className="wizard__group">
                  <legend>Diamond shape</legend>
                  <div className="choices choices--4">
                    {DIAMOND_SHAPES.map((s) => (
                      <button
                        key={s}
                        type="button"
                        className="option"
                        aria-pressed={form.diamondShape === s}
                        onClick={() => choose({ diamondShape: s })}
                      >
                        <span className={`shape shape--${s}`} aria-hidden="true" />
                        <span className="option__title">{SHAPE_LABELS[s]}</span>
                      </button>
                    ))}
                  </div>
                </fieldset>
                <fieldset className="wizard__group">
                  <legend>Carat size</legend>
                  <div className="choices choices--3">
                    {DIAMOND_SIZES.map((s) => (
                      <button
                        key={s}
                        type="button"
                        className="option option--row"
                        aria-pressed={form.diamondSize === s}
                        onClick={() => choose({ diamondSize: s })}
                      >
                        <span className="option__title">{SIZE_LABELS[s]}</span>
                      </button>
                    ))}
                  </div>
                </fieldset>
              </>
            )}

            {step === 3 && (
              <>
                <fieldset className="wizard__group">
                  <legend>Metal</legend>
                  <div className="choices choices--4">
                    {METAL_TYPES.map((m) => (
                      <button
                        key={m}
                        type="button"
                        className="option"
                        aria-pressed={form.metalType === m}
                        onClick={() => choose({ metalType: m })}
                      >
                        <span className={`swatch swatch--${m}`} aria-hidden="true" />
                        <span className="option__title">{METAL_LABELS[m]}</span>
                      </button>
                    ))}
                  </div>
                </fieldset>
                {form.metalType && (
                  <fieldset className="wizard__group">
                    <legend>Karat</legend>
                    <div className="choices choices--3">
                      {karatsFor(form.metalType).map((k) => (
                        <button
                          key={k}
                          type="button"
                          className="option option--row"
                          aria-pressed={form.metalKarat === k}
                          onClick={() => choose({ metalKarat: k })}
                        >
                          <span className="option__title">{k}</span>
                        </button>
                      ))}
                    </div>
                  </fieldset>
                )}
              </>
            )}

            {step === 4 && (
              <div className="wizard__group">
                <div className="field">
                  <span className="field__label">Design image (optional)</span>
                  {/* Before its label: the label shows the input's keyboard focus (.visually-hidden:focus-visible + .upload). */}
                  <input
                    id="design-image"
                    ref={fileInput}
                    className="visually-hidden"
                    type="file"
                    accept={ACCEPTED_IMAGE_EXTENSIONS.join(',')}
                    onChange={onFile}
                    aria-invalid={fieldErrors.designImage ? true : undefined}
                    aria-describedby={fieldErrors.designImage ? 'design-image-error' : undefined}
                  />
                  <label className="upload" htmlFor="design-image">
                    {form.designImage ? (
                      <img src={form.designImage} alt="Your design" className="upload__preview" />
                    ) : (
                      <span className="upload__text">
                        <strong>Choose an image</strong>
                        <span>.jpg, .jpeg or .png, up to 10MB</span>
                      </span>
                    )}
                  </label>
                  {form.designImage && (
                    <div className="upload__file">
                      <span className="upload__name" title={form.imageName}>
                        {form.imageName}
                      </span>
                      <button
                        type="button"
                        className="btn btn--ghost btn--small upload__remove"
                        aria-label={`Remove design image ${form.imageName}`}
                        onClick={() => {
                          setForm((f) => ({ ...f, designImage: null, imageName: '' }));
                          setServerErrors((e) => ({ ...e, designImage: undefined }));
                          fileInput.current?.focus(); // the button goes away: focus stays in the field
                        }}
                      >
                        <TrashIcon size={16} />
                        Remove
                      </button>
                    </div>
                  )}
                  <FieldError id="design-image-error" error={fieldErrors.designImage} />
                </div>
                <FormField id="design-notes" label="Design notes (optional)" error={fieldErrors.designNotes}>
                  {(aria) => (
                    <textarea
                      id="design-notes"
                      className="textarea"
                      rows={5}
                      maxLength={5000}
                      placeholder="Engraving, stones, the feeling you would like the piece to carry..."
                      value={form.designNotes}
                      onChange={(e) => {
                        setForm((f) => ({ ...f, designNotes: e.target.value }));
                        setServerErrors((er) => ({ ...er, designNotes: undefined }));
                      }}
                      {...aria}
                    />
                  )}
                </FormField>
              </div>
            )}

            {step === 5 && (
              <div className="wizard__group wizard__contact">
                {CONTACT_FIELDS.map(({ key, id, label, type, autoComplete }) => (
                  <FormField key={id} id={id} label={label} error={fieldErrors[key]}>
                    {(aria) => (
                      <input
                        id={id}
                        className="input"
                        type={type}
                        autoComplete={autoComplete}
                        value={form[key]}
                        {...aria}
                        onChange={(e) => editContact(key, e.target.value)}
                      />
                    )}
                  </FormField>
                ))}
                <FormField id="design-contact" label="Preferred contact">
                  <select
                    id="design-contact"
                    className="select"
                    value={form.preferredContact}
                    onChange={(e) => setForm((f) => ({ ...f, preferredContact: e.target.value }))}
                  >
                    {PREFERRED_CONTACTS.map((c) => (
                      <option key={c} value={c}>
                        {CONTACT_LABELS[c]}
                      </option>
                    ))}
                  </select>
                </FormField>
                <dl className="wizard__recap">
                  <div>
                    <dt>Piece</dt>
                    <dd>{typesFor(form.category).find((t) => t.id === form.jewelryType)?.name}</dd>
                  </div>
                  <div>
                    <dt>Diamond</dt>
                    <dd>
                      {SHAPE_LABELS[form.diamondShape]}, {SIZE_LABELS[form.diamondSize]}
                    </dd>
                  </div>
                  <div>
                    <dt>Metal</dt>
                    <dd>{form.metalType === 'platinum' ? 'Platinum' : `${form.metalKarat} ${METAL_LABELS[form.metalType]}`}</dd>
                  </div>
                  <div>
                    <dt>Image</dt>
                    <dd>{form.imageName || 'None'}</dd>
                  </div>
                </dl>
              </div>
            )}

            <div className="wizard__nav">
              {step > 1 ? (
                <button type="button" className="btn btn--ghost" onClick={() => goTo(step - 1)}>
                  Previous
                </button>
              ) : (
                <span />
              )}
              {/* Separate keys: React must not turn the Next button into Submit under a click in flight. */}
              {step < LAST_STEP ? (
                <button
                  key="next"
                  type="button"
                  className="btn btn--primary"
                  disabled={!canProceed(step, form)}
                  onClick={() => goTo(step + 1)}
                >
                  Next
                </button>
              ) : (
                <button
                  key="submit"
                  type="button"
                  className="btn btn--primary"
                  disabled={!canSubmit(form, sending)}
                  onClick={() => void submit()}
                  data-testid="design-submit"
                >
                  {sending ? 'Submitting...' : 'Submit Design Request'}
                </button>
              )}
            </div>
          </form>
        </div>
      )}
    </div>
  );
}

/**
 * After "Submit Design Request": the request's reference and what happens next, as the consultation's
 * confirmation has, until the shopper starts another design (the wizard behind it is cleared already).
 */
function DesignReceived({
  request,
  headingRef,
  signedIn,
  onAnother,
}: {
  request: DesignConfirmation;
  headingRef: RefObject<HTMLHeadingElement | null>;
  signedIn: boolean;
  onAnother: () => void;
}) {
  return (
    <section
      className="confirmation container container--narrow design-received"
      aria-labelledby="design-received-title"
      data-testid="design-confirmation"
    >
      <div className="confirmation__mark" aria-hidden="true">
        <CheckIcon size={32} />
      </div>
      <p className="eyebrow">Design Request Received</p>
      <h2 id="design-received-title" className="display-2" ref={headingRef} tabIndex={-1}>
        {DESIGN_SUCCESS.title}
      </h2>
      <p className="lede">{DESIGN_SUCCESS.description}</p>
      <p className="confirmation__ref">
        Reference <strong data-testid="design-reference">{request.id}</strong>
      </p>

      <div className="confirmation__order">
        <h3 className="confirmation__subtitle">What happens next</h3>
        <ol className="design-received__next">
          <li>A master craftsman studies your choices{request.image ? ' and your image' : ''} within 24 hours.</li>
          <li>Our atelier {contactPromise(request)} to talk through the details.</li>
          <li>You receive sketches and a quote; a custom piece begins with a deposit once you approve them.</li>
        </ol>
        <dl>
          <div>
            <dt>Piece</dt>
            <dd>{request.piece}</dd>
          </div>
          <div>
            <dt>Diamond</dt>
            <dd>{request.diamond}</dd>
          </div>
          <div>
            <dt>Metal</dt>
            <dd>{request.metal}</dd>
          </div>
          <div>
            <dt>Image</dt>
            <dd>{request.image || 'None'}</dd>
          </div>
        </dl>
      </div>

      <p className="confirmation__help">
        A confirmation is on its way to <strong>{request.email}</strong>. Questions in the meantime? Call{' '}
        <a href={telHref(SHOP.phones[0])}>{SHOP.phones[0]}</a> or write to <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>, quoting your
        reference.
        {signedIn && (
          <>
            {' '}
            You can follow its status in <Link to="/profile">your profile</Link>.
          </>
        )}
      </p>
      <div className="design-received__actions">
        <button type="button" className="btn btn--primary" onClick={onAnother}>
          Design Another Piece
        </button>
        <Link to="/" className="btn btn--outline">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
