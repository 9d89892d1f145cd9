import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { sendContactMessage, type ContactMessage } from '../api/shop';
import { FormField } from '../components/FormField';
import { ClockIcon, DiamondIcon, MailIcon, PhoneIcon, PinIcon, ShieldIcon, SparkIcon } from '../components/Icons';
import { SHOP, telHref } from '../config';
import { toast } from '../features/toast/toasts';
import {
  CONTACT_API_FIELDS,
  contactFailureToast,
  contactSuccessToast,
  EMPTY_CONTACT,
  validateContact,
  type ContactErrors,
} from '../lib/contact';
import { formRefusal, refusalSummary } from '../lib/fieldErrors';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './ContactPage.css';

const SUBJECTS = [
  'General enquiry',
  'A piece in the catalogue',
  'Custom design consultation',
  'Appraisal',
  'Repair and restoration',
  'An existing order',
];

const SERVICES = [
  {
    icon: SparkIcon,
    title: 'Custom Design Consultation',
    text: 'Sit with a designer and a gemologist to shape a piece from the first sketch to the final polish.',
    link: { to: '/custom-design', label: 'Start a design' },
  },
  {
    icon: DiamondIcon,
    title: 'Appraisal',
    text: 'Certified valuations for insurance and estate purposes, prepared by our graduate gemologists.',
  },
  {
    icon: ShieldIcon,
    title: 'Repair and Restoration',
    text: 'From re-tipping claws to restoring heirlooms, our bench returns every piece to its first brilliance.',
  },
];

export default function ContactPage() {
  useDocumentTitle('Contact');
  const [form, setForm] = useState<ContactMessage>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);

  const edit = (key: keyof ContactMessage, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = (['name', 'email', 'phone', 'subject', 'message'] as const).find((k) => found[k]);
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const result = await sendContactMessage({
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
      });
      if (result && result.success === false) {
        toast(contactFailureToast(undefined, SHOP.phones[0], result.message));
      } else {
        toast(contactSuccessToast(result?.message));
        setForm(EMPTY_CONTACT);
      }
    } catch (error) {
      // Fields the API refused: marked at the field, in the shop's words; the toast says where to look.
      const fields = formRefusal(error, CONTACT_API_FIELDS);
      if (fields.order.length) {
        setErrors(fields.errors);
        document.getElementById(`contact-${fields.order[0]}`)?.focus();
      }
      toast(
        fields.order.length || fields.rest.length
          ? { title: 'Failed to send message', description: refusalSummary(fields), variant: 'destructive' }
          : contactFailureToast(error, SHOP.phones[0]),
      );
    } finally {
      setSending(false);
    }
  };

  const fieldProps = (key: keyof ContactMessage) => ({
    id: `contact-${key}`,
    value: form[key],
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
  });

  return (
    <>
      <header className="page-header">
        <div className="container">
          <p className="eyebrow">Client Care</p>
          <h1 className="display-1">Contact Us</h1>
          <p className="lede">Questions about a piece, a commission or an order? Our specialists reply within 24 hours.</p>
        </div>
      </header>

      <div className="container contact">
        <aside className="contact__details" aria-label="Contact details">
          <h2 className="contact__title">The Atelier</h2>
          <ul>
            <li>
              <PhoneIcon />
              <span>
                <strong>Telephone</strong>
                {SHOP.phones.map((p) => (
                  <a key={p} href={telHref(p)}>
                    {p}
                  </a>
                ))}
              </span>
            </li>
            <li>
              <MailIcon />
              <span>
                <strong>Email</strong>
                <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
              </span>
            </li>
            <li>
              <PinIcon />
              <span>
                <strong>Visit</strong>
                {SHOP.address.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            </li>
            <li>
              <ClockIcon />
              <span>
                <strong>Hours</strong>
                {SHOP.hours.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            </li>
          </ul>
        </aside>

        <section className="contact__form-wrap" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="contact__title">
            Send us a message
          </h2>
          <form className="contact__form" onSubmit={submit} noValidate>
            <FormField id="contact-name" label="Full Name *" error={errors.name}>
              <input
                className="input"
                type="text"
                autoComplete="name"
                required
                {...fieldProps('name')}
                onChange={(e) => edit('name', e.target.value)}
              />
            </FormField>
            <FormField id="contact-email" label="Email Address *" error={errors.email}>
              <input
                className="input"
                type="email"
                autoComplete="email"
                required
                {...fieldProps('email')}
                onChange={(e) => edit('email', e.target.value)}
              />
            </FormField>
            <FormField id="contact-phone" label="Phone (optional)" error={errors.phone}>
              <input
                className="input"
                type="tel"
                autoComplete="tel"
                {...fieldProps('phone')}
                onChange={(e) => edit('phone', e.target.value)}
              />
            </FormField>
            <FormField id="contact-subject" label="Subject *" error={errors.subject}>
              <select className="select" required {...fieldProps('subject')} onChange={(e) => edit('subject', e.target.value)}>
                <option value="">Choose a subject</option>
                {SUBJECTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="contact-message" label="Message *" error={errors.message} className="field--wide">
              <textarea
                className="textarea"
                rows={6}
                required
                {...fieldProps('message')}
                onChange={(e) => edit('message', e.target.value)}
              />
            </FormField>
            <div className="field--wide">
              <button type="submit" className="btn btn--primary" disabled={sending}>
                {sending ? 'Sending Message...' : 'Send Message'}
              </button>
            </div>
          </form>
        </section>
      </div>

      <section className="section section--sand contact-services" aria-labelledby="services-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Beyond the counter</p>
            <h2 id="services-title" className="display-2">
              Additional Services
            </h2>
          </div>
          <ul className="values">
            {SERVICES.map(({ icon: Icon, title, text, link }) => (
              <li key={title}>
                <Icon size={30} />
                <h3>{title}</h3>
                <p>{text}</p>
                {link && (
                  <Link to={link.to} className="link-arrow link-underline">
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
