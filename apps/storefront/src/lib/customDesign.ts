/** The custom design wizard (spec sections 3, 4, 5 and 8): steps, what Next needs, auto-advance, the image. */
import {
  CATEGORIES,
  hasStackedMarks,
  hasVisibleText,
  isValidEmail,
  isValidPhone,
  karatsFor,
  MAX_UPLOAD_BYTES,
  type Department,
  type MetalType,
} from '@facet/contracts';
import type { FieldMap } from './fieldErrors';
import type { CustomDesignPayload } from '../api/account';
import type { ToastInput } from '../features/toast/toasts';

/** The page's title, in the browser's tab and in its server-written head (seo/meta.ts). */
export const CUSTOM_DESIGN_TITLE = 'Custom Jewelry Design';

export const WIZARD_STEPS = ['Jewelry Type', 'Diamond', 'Metal', 'Your Design', 'Contact'] as const;
export const LAST_STEP = WIZARD_STEPS.length;
export const AUTO_ADVANCE_MS = 500;

export interface DesignForm {
  category: Department | '';
  jewelryType: string;
  diamondShape: string;
  diamondSize: string;
  metalType: MetalType | '';
  metalKarat: string;
  designImage: string | null;
  imageName: string;
  designNotes: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  preferredContact: string;
}

export interface ContactDefaults {
  name: string;
  email: string;
  phone: string;
}

export function emptyDesign(contact: ContactDefaults = { name: '', email: '', phone: '' }): DesignForm {
  return {
    category: '',
    jewelryType: '',
    diamondShape: '',
    diamondSize: '',
    metalType: '',
    metalKarat: '',
    designImage: null,
    imageName: '',
    designNotes: '',
    contactName: contact.name,
    contactEmail: contact.email,
    contactPhone: contact.phone,
    preferredContact: 'email',
  };
}

export function typesFor(category: Department | '') {
  return CATEGORIES.filter((c) => c.department === category);
}

/** Next requires: step 1 a type; step 2 shape and size; step 3 metal type and karat; step 4 nothing. */
export function canProceed(step: number, form: DesignForm): boolean {
  switch (step) {
    case 1:
      return Boolean(form.category && form.jewelryType);
    case 2:
      return Boolean(form.diamondShape && form.diamondSize);
    case 3:
      return Boolean(form.metalType && form.metalKarat && karatsFor(form.metalType).includes(form.metalKarat as never));
    case 4:
      return true;
    default:
      return false;
  }
}

/** The furthest step the customer may open: every step before it is complete. */
export function furthestStep(form: DesignForm): number {
  let step = 1;
  while (step < LAST_STEP && canProceed(step, form)) step++;
  return step;
}

export type DesignChange = Partial<DesignForm>;

/** Applies a choice, clearing what no longer fits (a new department clears the type, a new metal its karat). */
export function applyChoice(form: DesignForm, change: DesignChange): DesignForm {
  const next = { ...form, ...change };
  if (change.category !== undefined && change.category !== form.category) next.jewelryType = '';
  if (change.metalType !== undefined && change.metalType !== form.metalType) {
    const karats = change.metalType ? karatsFor(change.metalType) : [];
    next.metalKarat = karats.length === 1 ? karats[0] : '';
  }
  return next;
}

/**
 * Whether a choice moves the wizard on after 0.5 s: a type in step 1; a size in step 2 once a shape is chosen;
 * a karat in step 3 once a metal is chosen.
 */
export function advancesAfter(step: number, change: DesignChange, form: DesignForm): boolean {
  if (step === 1) return Boolean(change.jewelryType);
  if (step === 2) return Boolean(change.diamondSize && form.diamondShape);
  if (step === 3) return Boolean(change.metalKarat && form.metalType);
  return false;
}

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'];
export const ACCEPTED_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'];

/** The toast for a file the wizard will not take, or null when it is fine. */
export function imageProblem(file: { name: string; size: number; type: string }): ToastInput | null {
  const name = file.name.toLowerCase();
  const typeOk = ACCEPTED_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext)) && (!file.type || ACCEPTED_IMAGE_TYPES.includes(file.type));
  if (!typeOk) {
    return { title: 'Invalid file type', description: 'Please upload a .jpg, .jpeg or .png image.', variant: 'destructive' };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { title: 'File too large', description: 'Please upload an image smaller than 10MB.', variant: 'destructive' };
  }
  return null;
}

export type ContactField = 'contactName' | 'contactEmail' | 'contactPhone';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The contact step's own checks, in the spec's words (section 5): shown under the field once typed. */
export function contactErrors(form: DesignForm): ContactErrors {
  const errors: ContactErrors = {};
  const email = form.contactEmail.trim();
  const phone = form.contactPhone.trim();
  if (hasStackedMarks(form.contactName)) errors.contactName = 'Name has a letter with too many marks on it';
  if (email && !isValidEmail(email)) errors.contactEmail = 'Please enter a valid email address';
  if (phone && !isValidPhone(phone)) errors.contactPhone = 'Please enter a valid phone number';
  else if (needsPhone(form)) errors.contactPhone = 'Phone number is required for a call or a text';
  return errors;
}

/** Submit is disabled while sending, when the contact name or e-mail is empty, or when a contact field is invalid. */
export function canSubmit(form: DesignForm, sending: boolean): boolean {
  return !sending && hasVisibleText(form.contactName) && form.contactEmail.trim() !== '' && Object.keys(contactErrors(form)).length === 0;
}

/** A field of the wizard the API may refuse: step 5's contact fields, step 4's notes and image. */
export type DesignField = ContactField | 'designNotes' | 'designImage';
export type DesignErrors = Partial<Record<DesignField, string>>;

/** POST /api/custom-design's field names, and how the wizard names them (its refusals land on these fields). */
export const DESIGN_API_FIELDS: FieldMap<DesignField> = {
  contact_name: { key: 'contactName', label: 'Full name' },
  contact_email: { key: 'contactEmail', label: 'Email' },
  contact_phone: { key: 'contactPhone', label: 'Phone' },
  design_notes: { key: 'designNotes', label: 'Design notes' },
  design_image: { key: 'designImage', label: 'Design image' },
};

/** The step that shows a field: the notes and the image are step 4's, the contact fields step 5's. */
export const stepOf = (field: DesignField): number => (field === 'designNotes' || field === 'designImage' ? 4 : 5);

/** What the confirmation keeps of a request once the wizard is cleared: its reference and how we will reach them. */
export interface DesignConfirmation {
  id: string;
  email: string;
  phone: string;
  preferredContact: string;
  piece: string;
  diamond: string;
  metal: string;
  image: string;
}

/** How "what happens next" says we will reach them, by the contact they preferred. */
export function contactPromise(c: Pick<DesignConfirmation, 'email' | 'phone' | 'preferredContact'>): string {
  if (c.preferredContact === 'phone' && c.phone) return `calls you at ${c.phone}`;
  if (c.preferredContact === 'text' && c.phone) return `sends a text message to ${c.phone}`;
  if (c.preferredContact === 'appointment') return `writes to ${c.email} to arrange an appointment in our atelier`;
  return `writes to you at ${c.email}`;
}

export function needsPhone(form: DesignForm): boolean {
  return (form.preferredContact === 'phone' || form.preferredContact === 'text') && !form.contactPhone.trim();
}

export function buildDesignPayload(form: DesignForm): CustomDesignPayload {
  return {
    category: form.category,
    jewelry_type: form.jewelryType,
    diamond_shape: form.diamondShape,
    diamond_size: form.diamondSize,
    metal_type: form.metalType,
    metal_karat: form.metalKarat,
    design_image: form.designImage,
    design_notes: form.designNotes.trim(),
    contact_name: form.contactName.trim(),
    contact_email: form.contactEmail.trim(),
    contact_phone: form.contactPhone.trim(),
    preferred_contact: form.preferredContact,
  };
}

export const DESIGN_SUCCESS: ToastInput = {
  title: 'Your Vision Has Been Received',
  description: 'Our master craftsmen will contact you within 24 hours to bring your dream to life.',
  variant: 'success',
};

export const DESIGN_FAILURE: ToastInput = {
  title: 'Submission failed',
  description: 'Please try again later or call us directly.',
  variant: 'destructive',
};

export const SHAPE_LABELS: Record<string, string> = {
  round: 'Round',
  oval: 'Oval',
  emerald: 'Emerald',
  pear: 'Pear',
  cushion: 'Cushion',
  princess: 'Princess',
  marquise: 'Marquise',
  other: 'Other',
};

export const SIZE_LABELS: Record<string, string> = {
  '0.25-0.5': '0.25 – 0.5 ct',
  '0.5-1': '0.5 – 1 ct',
  '1-1.5': '1 – 1.5 ct',
  '1.5-2': '1.5 – 2 ct',
  '2+': '2 ct and above',
  discuss: "Let's discuss",
};

export const METAL_LABELS: Record<string, string> = {
  gold: 'Yellow Gold',
  'white-gold': 'White Gold',
  'rose-gold': 'Rose Gold',
  platinum: 'Platinum',
};

export const CONTACT_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone call',
  text: 'Text message',
  appointment: 'In-store appointment',
};

export const DESIGN_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
