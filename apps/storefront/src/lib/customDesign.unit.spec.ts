import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import {
  advancesAfter,
  applyChoice,
  buildDesignPayload,
  canProceed,
  canSubmit,
  contactErrors,
  emptyDesign,
  contactPromise,
  DESIGN_API_FIELDS,
  furthestStep,
  imageProblem,
  needsPhone,
  typesFor,
  type DesignForm,
} from './customDesign';
import { ApiError } from '../api/client';
import { formRefusal } from './fieldErrors';

const complete: DesignForm = {
  ...emptyDesign({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '' }),
  category: 'women',
  jewelryType: 'women-rings',
  diamondShape: 'oval',
  diamondSize: '1-1.5',
  metalType: 'platinum',
  metalKarat: 'Pure Platinum',
};

describe('custom design wizard rules', () => {
  it('Next needs a type, then shape and size, then metal and karat; step 4 needs nothing', () => {
    const empty = emptyDesign();
    expect(canProceed(1, empty)).toBe(false);
    expect(canProceed(1, { ...empty, category: 'women' })).toBe(false);
    expect(canProceed(1, { ...empty, category: 'women', jewelryType: 'women-rings' })).toBe(true);
    expect(canProceed(2, { ...empty, diamondShape: 'round' })).toBe(false);
    expect(canProceed(2, { ...empty, diamondShape: 'round', diamondSize: '2+' })).toBe(true);
    expect(canProceed(3, { ...empty, metalType: 'gold' })).toBe(false);
    expect(canProceed(3, { ...empty, metalType: 'gold', metalKarat: '18K' })).toBe(true);
    expect(canProceed(3, { ...empty, metalType: 'gold', metalKarat: 'Pure Platinum' })).toBe(false);
    expect(canProceed(4, empty)).toBe(true);
    expect(furthestStep(empty)).toBe(1);
    expect(furthestStep(complete)).toBe(5);
  });

  it('auto-advances on a type, on a size once a shape is chosen, on a karat once a metal is chosen', () => {
    const empty = emptyDesign();
    expect(advancesAfter(1, { category: 'men' }, empty)).toBe(false);
    expect(advancesAfter(1, { jewelryType: 'men-rings' }, empty)).toBe(true);
    expect(advancesAfter(2, { diamondSize: '2+' }, empty)).toBe(false);
    expect(advancesAfter(2, { diamondSize: '2+' }, { ...empty, diamondShape: 'pear' })).toBe(true);
    expect(advancesAfter(2, { diamondShape: 'pear' }, { ...empty, diamondSize: '2+' })).toBe(false);
    expect(advancesAfter(3, { metalKarat: '14K' }, { ...empty, metalType: 'rose-gold' })).toBe(true);
    expect(advancesAfter(3, { metalType: 'gold' }, empty)).toBe(false);
  });

  it('clears choices that no longer fit and picks the only karat platinum has', () => {
    const switched = applyChoice(complete, { category: 'men' });
    expect(switched.jewelryType).toBe('');
    expect(applyChoice(complete, { metalType: 'gold' }).metalKarat).toBe('');
    expect(applyChoice({ ...complete, metalType: 'gold', metalKarat: '18K' }, { metalType: 'platinum' }).metalKarat).toBe('Pure Platinum');
    expect(typesFor('men').map((t) => t.id)).toEqual(
      expect.arrayContaining(['men-rings', 'men-necklaces', 'men-earrings', 'men-bracelets']),
    );
    expect(typesFor('')).toEqual([]);
  });

  it('takes .jpg, .jpeg and .png up to 10485760 bytes, with the spec toast when too large', () => {
    expect(imageProblem({ name: 'ring.PNG', size: 1000, type: 'image/png' })).toBeNull();
    expect(imageProblem({ name: 'ring.jpeg', size: MAX_UPLOAD_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(imageProblem({ name: 'ring.jpg', size: MAX_UPLOAD_BYTES + 1, type: 'image/jpeg' })).toEqual({
      title: 'File too large',
      description: 'Please upload an image smaller than 10MB.',
      variant: 'destructive',
    });
    expect(imageProblem({ name: 'ring.gif', size: 10, type: 'image/gif' })?.title).toBe('Invalid file type');
    expect(imageProblem({ name: 'ring.png', size: 10, type: 'application/pdf' })?.title).toBe('Invalid file type');
  });

  it('submit is disabled while sending or without a contact name or e-mail; a call or text needs a phone', () => {
    expect(canSubmit(complete, false)).toBe(true);
    expect(canSubmit(complete, true)).toBe(false);
    expect(canSubmit({ ...complete, contactName: '  ' }, false)).toBe(false);
    expect(canSubmit({ ...complete, contactName: '\u200b\u3164' }, false)).toBe(false);
    expect(canSubmit({ ...complete, contactEmail: 'ada;victim@example.com' }, false)).toBe(false);
    expect(canSubmit({ ...complete, contactEmail: '' }, false)).toBe(false);
    expect(needsPhone({ ...complete, preferredContact: 'phone' })).toBe(true);
    expect(needsPhone({ ...complete, preferredContact: 'text', contactPhone: '+1 212 555 0100' })).toBe(false);
    expect(needsPhone({ ...complete, preferredContact: 'email' })).toBe(false);
  });

  it('builds the request in the spec fields', () => {
    expect(buildDesignPayload({ ...complete, designNotes: '  engraved  ' })).toEqual({
      category: 'women',
      jewelry_type: 'women-rings',
      diamond_shape: 'oval',
      diamond_size: '1-1.5',
      metal_type: 'platinum',
      metal_karat: 'Pure Platinum',
      design_image: null,
      design_notes: 'engraved',
      contact_name: 'Ada Lovelace',
      contact_email: 'ada@example.com',
      contact_phone: '',
      preferred_contact: 'email',
    });
  });
});

describe('the contact step', () => {
  it('should keep Submit disabled with the spec message for a bad e-mail or phone', () => {
    expect(canSubmit(complete, false)).toBe(true);
    const badEmail = { ...complete, contactEmail: 'ada@nowhere' };
    expect(contactErrors(badEmail)).toEqual({ contactEmail: 'Please enter a valid email address' });
    expect(canSubmit(badEmail, false)).toBe(false);
    const badPhone = { ...complete, contactPhone: '12ab' };
    expect(contactErrors(badPhone)).toEqual({ contactPhone: 'Please enter a valid phone number' });
    expect(canSubmit(badPhone, false)).toBe(false);
    expect(contactErrors({ ...complete, preferredContact: 'text' })).toEqual({
      contactPhone: 'Phone number is required for a call or a text',
    });
  });

  it("should put the server's field errors on their fields, in the shop's words, and ignore anything else", () => {
    const refused = (body: unknown) => formRefusal(new ApiError('x', 400, 'http', body), DESIGN_API_FIELDS).errors;
    expect(
      refused({
        detail: 'x',
        errors: [
          { field: 'contact_email', message: 'Please enter a valid email address' },
          { field: 'design_notes', message: 'design_notes must be at most 5000 characters.' },
        ],
      }),
    ).toEqual({ contactEmail: 'Please enter a valid email address', designNotes: 'Design notes can be at most 5000 characters' });
    expect(refused({ detail: 'x' })).toEqual({});
    expect(refused(null)).toEqual({});
    expect(refused({ errors: [null, 'x', { field: {} }] })).toEqual({});
  });

  it('should say how the atelier will reach them, by the contact they preferred', () => {
    const c = { email: 'ada@example.com', phone: '+1 212 555 0100' };
    expect(contactPromise({ ...c, preferredContact: 'email' })).toBe('writes to you at ada@example.com');
    expect(contactPromise({ ...c, preferredContact: 'phone' })).toBe('calls you at +1 212 555 0100');
    expect(contactPromise({ ...c, preferredContact: 'text' })).toBe('sends a text message to +1 212 555 0100');
    expect(contactPromise({ ...c, preferredContact: 'appointment' })).toBe(
      'writes to ada@example.com to arrange an appointment in our atelier',
    );
  });
});
