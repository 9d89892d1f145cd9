import { guestSubject } from '../../platform/privacy/personal-fields';
import { fold } from '../../platform/event-store/decider';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import {
  checkCustomDesignRequest,
  customDesign,
  CustomDesignEvent,
  CustomDesignRequest,
  CustomDesignState,
  designSubject,
} from './custom-design';

const request = (over: Partial<CustomDesignRequest> = {}): CustomDesignRequest => ({
  category: 'women',
  jewelry_type: 'women-rings',
  diamond_shape: 'oval',
  diamond_size: '1-1.5',
  metal_type: 'rose-gold',
  metal_karat: '14K',
  preferred_contact: 'email',
  contact_name: 'Ada Lovelace',
  contact_email: 'ada@example.com',
  contact_phone: null,
  design_notes: null,
  ...over,
});

const staff = { type: 'staff' as const, id: 'staff-1' };

function errorOf(fn: () => unknown): any {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

function submitted(): CustomDesignEvent[] {
  return customDesign.decide(
    { type: 'SubmitCustomDesign', designId: 'd1', customerId: null, request: request(), image: null },
    customDesign.initialState(),
  );
}

function stateAfter(...moves: string[]) {
  const events = submitted();
  let state = fold(customDesign, events);
  for (const to of moves) {
    const next = customDesign.decide({ type: 'ChangeCustomDesignStatus', designId: 'd1', to: to as any, note: null, by: staff }, state);
    state = next.reduce((s, e) => customDesign.evolve(s, e), state);
  }
  return state;
}

describe('custom design decider', () => {
  describe('When a request is submitted', () => {
    it('should record it as pending with its image reference', () => {
      const image = { sha256: 'a'.repeat(64), mime: 'image/png' as const, size: 10 };
      const events = customDesign.decide(
        { type: 'SubmitCustomDesign', designId: 'd1', customerId: 'c1', request: request(), image },
        customDesign.initialState(),
      );
      expect(events).toEqual([{ type: 'CustomDesignSubmitted', data: { design_id: 'd1', customer_id: 'c1', image, ...request() } }]);
      expect(fold(customDesign, events)).toEqual({ status: 'pending', image_sha256: image.sha256, subject_id: 'customer:c1' });
    });

    it('should refuse a second submission on the same stream', () => {
      expect(
        errorOf(() =>
          customDesign.decide(
            { type: 'SubmitCustomDesign', designId: 'd1', customerId: null, request: request(), image: null },
            stateAfter(),
          ),
        ),
      ).toBeInstanceOf(ConflictError);
    });

    it.each([
      ['a type of the other category', { category: 'men', jewelry_type: 'women-rings' }, 'jewelry_type'],
      ['a gold karat on platinum', { metal_type: 'platinum', metal_karat: '18K' }, 'metal_karat'],
      ['Pure Platinum on gold', { metal_type: 'white-gold', metal_karat: 'Pure Platinum' }, 'metal_karat'],
      ['a blank name', { contact_name: '  ' }, 'contact_name'],
      ['a malformed e-mail', { contact_email: 'ada@example' }, 'contact_email'],
      ['no phone when we are to call', { preferred_contact: 'phone' }, 'contact_phone'],
      ['no phone when we are to text', { preferred_contact: 'text' }, 'contact_phone'],
      ['a phone with too few digits', { contact_phone: '555-0199' }, 'contact_phone'],
      ['notes over 5000 characters', { design_notes: 'x'.repeat(5001) }, 'design_notes'],
    ])('should refuse %s', (_name, over, field) => {
      const err = errorOf(() => checkCustomDesignRequest(request(over as Partial<CustomDesignRequest>)));
      expect(err).toBeInstanceOf(BadInputError);
      expect(err.errors[0].field).toBe(field);
    });

    it.each([
      ['platinum with Pure Platinum', { metal_type: 'platinum', metal_karat: 'Pure Platinum' }],
      ['a men’s type in the men category', { category: 'men', jewelry_type: 'men-bracelets' }],
      ['a phone when we are to text', { preferred_contact: 'text', contact_phone: '+1 (212) 555-0199' }],
      ['an appointment without phone', { preferred_contact: 'appointment' }],
      ['notes of exactly 5000 characters', { design_notes: 'x'.repeat(5000) }],
    ])('should accept %s', (_name, over) => {
      expect(() => checkCustomDesignRequest(request(over as Partial<CustomDesignRequest>))).not.toThrow();
    });

    it('should seal under the customer when signed in, else under the e-mail', () => {
      expect(designSubject({ customer_id: 'c1', contact_email: 'Ada@Example.com' })).toBe('customer:c1');
      expect(designSubject({ customer_id: null, contact_email: 'Ada@Example.com' })).toBe(guestSubject('ada@example.com'));
    });
  });

  describe('When staff change the status', () => {
    it('should follow pending → contacted → in_progress → completed, recording from, to, note and who', () => {
      const state = stateAfter('contacted', 'in_progress');
      const events = customDesign.decide(
        { type: 'ChangeCustomDesignStatus', designId: 'd1', to: 'completed', note: 'Delivered', by: staff },
        state,
      );
      expect(events).toEqual([
        {
          type: 'CustomDesignStatusChanged',
          data: {
            design_id: 'd1',
            from: 'in_progress',
            to: 'completed',
            note: 'Delivered',
            by: staff,
            subject_id: expect.stringMatching(/^guest:/),
          },
        },
      ]);
    });

    it.each([
      [[], 'cancelled'],
      [['contacted'], 'cancelled'],
      [['contacted', 'in_progress'], 'cancelled'],
    ])('should allow cancelling from %j', (moves, to) => {
      expect(stateAfter(...moves, to).status).toBe('cancelled');
    });

    it.each([
      [[], 'completed'],
      [[], 'in_progress'],
      [['contacted'], 'pending'],
      [['contacted', 'in_progress', 'completed'], 'cancelled'],
      [['cancelled'], 'contacted'],
    ])('should refuse from %j to %s with a conflict', (moves, to) => {
      const state = stateAfter(...moves);
      expect(
        errorOf(() =>
          customDesign.decide({ type: 'ChangeCustomDesignStatus', designId: 'd1', to: to as any, note: null, by: staff }, state),
        ),
      ).toBeInstanceOf(ConflictError);
    });

    it('should add a note sent with the current status, and decide nothing without one or for the same note again', () => {
      const state = stateAfter('contacted');
      const change = (note: string | null) =>
        customDesign.decide({ type: 'ChangeCustomDesignStatus', designId: 'd1', to: 'contacted', note, by: staff }, state);
      expect(change(null)).toEqual([]);
      const [added] = change('Sent sketches');
      expect(added).toMatchObject({ type: 'CustomDesignNoteAdded', data: { status: 'contacted', note: 'Sent sketches', by: staff } });
      const after = customDesign.evolve(state, added);
      expect(
        customDesign.decide({ type: 'ChangeCustomDesignStatus', designId: 'd1', to: 'contacted', note: 'Sent sketches', by: staff }, after),
      ).toEqual([]);
    });

    it('should not know a request that was never submitted or was deleted', () => {
      const change = { type: 'ChangeCustomDesignStatus' as const, designId: 'd1', to: 'contacted' as const, note: null, by: staff };
      expect(errorOf(() => customDesign.decide(change, customDesign.initialState()))).toBeInstanceOf(NotFoundError);
      expect(errorOf(() => customDesign.decide(change, { status: 'deleted', image_sha256: null, subject_id: null }))).toBeInstanceOf(
        NotFoundError,
      );
    });
  });

  describe('When staff delete a request', () => {
    it('should record the deletion with the image to remove, once', () => {
      const state: CustomDesignState = { status: 'contacted', image_sha256: 'b'.repeat(64), subject_id: 'customer:c1' };
      const events = customDesign.decide({ type: 'DeleteCustomDesign', designId: 'd1', by: staff }, state);
      expect(events).toEqual([{ type: 'CustomDesignDeleted', data: { design_id: 'd1', by: staff, image_sha256: 'b'.repeat(64) } }]);
      const after = events.reduce((s, e) => customDesign.evolve(s, e), state);
      expect(errorOf(() => customDesign.decide({ type: 'DeleteCustomDesign', designId: 'd1', by: staff }, after))).toBeInstanceOf(
        NotFoundError,
      );
    });
  });
});
