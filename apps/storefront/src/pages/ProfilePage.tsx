import { findCategory, type Address, type User } from '@facet/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { accountApi } from '../api/account';
import { ApiError } from '../api/client';
import { FormField } from '../components/FormField';
import { Modal } from '../components/Modal';
import { SignInPrompt } from '../components/SignInPrompt';
import { authActions, useAuth } from '../features/auth/useAuth';
import { toast } from '../features/toast/toasts';
import { DESIGN_STATUS_LABELS, METAL_LABELS, SHAPE_LABELS, SIZE_LABELS } from '../lib/customDesign';
import { formRefusal, refusalSummary, type FieldMap } from '../lib/fieldErrors';
import { designStatusBadge, formatLongDate } from '../lib/orders';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type ProfileData } from '../routing/accountLoaders';
import { usePageData, useReadFor } from '../routing/usePageData';
import './Profile.css';

type ProfileForm = Pick<User, 'firstName' | 'lastName' | 'phone'> & { address: Address };

const toForm = (u: User): ProfileForm => ({ firstName: u.firstName, lastName: u.lastName, phone: u.phone, address: { ...u.address } });

const ADDRESS_FIELDS: { key: keyof Address; label: string; name: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'street', label: 'Street', name: 'Street', autoComplete: 'address-line1', wide: true },
  { key: 'apartment', label: 'Apartment (optional)', name: 'Apartment', autoComplete: 'address-line2' },
  { key: 'city', label: 'City', name: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', name: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP Code', name: 'ZIP code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', name: 'Country', autoComplete: 'country' },
];

/** A field of the form: its own three, and the address's by their key. */
type ProfileField = 'firstName' | 'lastName' | 'phone' | keyof Address;
type ProfileErrors = Partial<Record<ProfileField, string>>;

/** PUT /api/me's field names, and how the form names them. */
const PROFILE_FIELDS: FieldMap<ProfileField> = {
  firstName: { key: 'firstName', label: 'First name' },
  lastName: { key: 'lastName', label: 'Last name' },
  phone: { key: 'phone', label: 'Phone' },
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [`address.${f.key}`, { key: f.key, label: f.name }])),
};

export default function ProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm | null>(user ? toForm(user) : null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The shopper's design requests, read by the route's loader for the shopper this browser knows (another
  // one signing in reads them again); null while they load.
  const loaded = usePageData<ProfileData>();
  const answer = loaded && !isInBrowser(loaded) ? loaded : null;
  useReadFor(user?.id, answer?.key);
  const designs = answer && user && answer.key === user.id ? answer.designs : null;

  useEffect(() => {
    if (user && !editing) setForm(toForm(user));
  }, [user, editing]);

  if (!user || !form) return <SignInPrompt title="Please log in to view your profile" text="Sign in to see and edit your details." />;

  // A field's error goes once it is edited.
  const cleared = (key: ProfileField) =>
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  const set = (key: 'firstName' | 'lastName' | 'phone', value: string) => {
    setForm((f) => f && { ...f, [key]: value });
    cleared(key);
  };
  const setAddress = (key: keyof Address, value: string) => {
    setForm((f) => f && { ...f, address: { ...f.address, [key]: value } });
    cleared(key);
  };

  const cancel = () => {
    setForm(toForm(user));
    setErrors({});
    setEditing(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const updated = await accountApi.updateProfile(form);
      authActions.signedIn(updated);
      setErrors({});
      setEditing(false);
      toast({ title: 'Profile updated', description: 'Your details have been saved.', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) authActions.cleared();
      // The API's refusal of a field shows at that field, in the shop's words; the toast says where to look.
      const refusal = formRefusal(error, PROFILE_FIELDS);
      setErrors(refusal.errors);
      if (refusal.order.length) document.getElementById(`profile-${refusal.order[0]}`)?.focus();
      toast({
        title: 'Update failed',
        description:
          refusal.order.length || refusal.rest.length
            ? refusalSummary(refusal)
            : error instanceof Error
              ? error.message
              : 'Profile update failed',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const deleteAccount = async () => {
    setDeleting(true);
    try {
      await accountApi.deleteAccount();
      authActions.cleared();
      toast({ title: 'Account deleted', description: 'Your account and personal details have been erased.' });
      void navigate('/', { replace: true });
    } catch (error) {
      toast({ title: 'Account Deletion Failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      setDeleting(false);
    }
  };

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const address = [
    user.address.street,
    user.address.apartment,
    user.address.city,
    [user.address.state, user.address.zipCode].filter(Boolean).join(' '),
    user.address.country,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="account container">
      <header className="account__header">
        <p className="eyebrow">Your Account</p>
        <h1 className="display-2">{name ? `Welcome, ${user.firstName || name}` : 'My Profile'}</h1>
        <p className="muted">{user.email}</p>
        <nav className="account__tabs" aria-label="Account">
          <Link to="/profile" aria-current="page">
            Profile
          </Link>
          <Link to="/orders">Orders</Link>
          <Link to="/wishlist">Wishlist</Link>
        </nav>
      </header>

      <div className="account__grid">
        <section className="panel" aria-labelledby="details-title">
          <div className="panel__head">
            <h2 id="details-title" className="panel__title">
              Personal Details
            </h2>
            {!editing && (
              <button type="button" className="btn btn--outline btn--small" onClick={() => setEditing(true)}>
                Edit Profile
              </button>
            )}
          </div>

          {editing ? (
            <form className="profile-form" onSubmit={save} noValidate>
              <FormField id="profile-firstName" label="First Name" error={errors.firstName}>
                {(aria) => (
                  <input
                    id="profile-firstName"
                    className="input"
                    autoComplete="given-name"
                    value={form.firstName}
                    onChange={(e) => set('firstName', e.target.value)}
                    {...aria}
                  />
                )}
              </FormField>
              <FormField id="profile-lastName" label="Last Name" error={errors.lastName}>
                {(aria) => (
                  <input
                    id="profile-lastName"
                    className="input"
                    autoComplete="family-name"
                    value={form.lastName}
                    onChange={(e) => set('lastName', e.target.value)}
                    {...aria}
                  />
                )}
              </FormField>
              <FormField id="profile-phone" label="Phone" className="field--wide" error={errors.phone}>
                {(aria) => (
                  <input
                    id="profile-phone"
                    className="input"
                    type="tel"
                    autoComplete="tel"
                    value={form.phone}
                    onChange={(e) => set('phone', e.target.value)}
                    {...aria}
                  />
                )}
              </FormField>
              {ADDRESS_FIELDS.map((f) => (
                <FormField
                  key={f.key}
                  id={`profile-${f.key}`}
                  label={f.label}
                  className={f.wide ? 'field--wide' : undefined}
                  error={errors[f.key]}
                >
                  {(aria) => (
                    <input
                      id={`profile-${f.key}`}
                      className="input"
                      autoComplete={f.autoComplete}
                      value={form.address[f.key]}
                      onChange={(e) => setAddress(f.key, e.target.value)}
                      {...aria}
                    />
                  )}
                </FormField>
              ))}
              <div className="profile-form__actions field--wide">
                <button type="submit" className="btn btn--primary" disabled={saving}>
                  {saving ? 'Saving...' : 'Save Changes'}
                </button>
                <button type="button" className="btn btn--ghost" onClick={cancel} disabled={saving}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <dl className="details">
              <div>
                <dt>Name</dt>
                <dd data-testid="profile-name">{name || '—'}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  {user.email} {user.emailVerified && <span className="badge badge--success">Verified</span>}
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd data-testid="profile-phone">{user.phone || '—'}</dd>
              </div>
              <div>
                <dt>Address</dt>
                <dd data-testid="profile-address">{address && address !== 'US' ? address : '—'}</dd>
              </div>
              {user.verifiedAt && (
                <div>
                  <dt>Member since</dt>
                  <dd>{formatLongDate(user.verifiedAt)}</dd>
                </div>
              )}
            </dl>
          )}
        </section>

        <aside className="account__side">
          <section className="panel" aria-labelledby="designs-title">
            <div className="panel__head">
              <h2 id="designs-title" className="panel__title">
                Custom Designs
              </h2>
              <Link to="/custom-design" className="link-arrow link-underline">
                New design
              </Link>
            </div>
            {designs === null ? (
              <p className="muted">Loading...</p>
            ) : designs.length === 0 ? (
              <p className="muted">You have not requested a custom design yet.</p>
            ) : (
              <ul className="designs">
                {designs.map((d) => (
                  <li key={d.id} className="design-row" data-testid="design-row">
                    <div>
                      <p className="design-row__name">{findCategory(d.jewelry_type)?.name ?? d.jewelry_type}</p>
                      <p className="muted design-row__meta">
                        {SHAPE_LABELS[d.diamond_shape] ?? d.diamond_shape} · {SIZE_LABELS[d.diamond_size] ?? d.diamond_size} ·{' '}
                        {d.metal_karat === 'Pure Platinum' ? 'Platinum' : `${d.metal_karat} ${METAL_LABELS[d.metal_type] ?? d.metal_type}`}
                      </p>
                      <p className="muted design-row__meta">{formatLongDate(d.created_at)}</p>
                    </div>
                    <span className={`badge ${designStatusBadge(d.status)}`}>{DESIGN_STATUS_LABELS[d.status] ?? d.status}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="panel panel--quiet" aria-labelledby="danger-title">
            <h2 id="danger-title" className="panel__title">
              Delete Account
            </h2>
            <p className="muted">Permanently erase your account and personal details.</p>
            <button type="button" className="btn btn--text danger-link" onClick={() => setConfirmDelete(true)}>
              Delete my account
            </button>
          </section>
        </aside>
      </div>

      {confirmDelete && (
        <Modal title="Delete your account?" onClose={() => !deleting && setConfirmDelete(false)}>
          <div className="confirm-delete">
            <p>This permanently deletes your Facet account. We will erase:</p>
            <ul>
              <li>your name, email address, phone number and address;</li>
              <li>the personal details on your orders and custom design requests;</li>
              <li>your password and every signed-in session.</li>
            </ul>
            <p>Order records are kept without your details for our accounts. This cannot be undone.</p>
            <div className="confirm-delete__actions">
              <button type="button" className="btn btn--ghost" onClick={() => setConfirmDelete(false)} disabled={deleting}>
                Keep my account
              </button>
              <button type="button" className="btn btn--primary btn--danger" onClick={deleteAccount} disabled={deleting}>
                {deleting ? 'Deleting...' : 'Delete Account'}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
