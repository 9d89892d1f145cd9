import {
  assertNever,
  CUSTOM_DESIGN_EVENT_SCHEMAS,
  CUSTOM_DESIGN_STATUSES,
  eventTypes,
  CustomDesignStatus,
  canMoveCustomDesign,
  type CustomDesignEvent,
  type CustomDesignRequest,
  type DesignImageRef,
  hasVisibleText,
  isValidEmail,
  isValidPhone,
  jewelryTypeMatches,
  karatsFor,
} from '@facet/contracts';
import { Actor } from '../../platform/event-store/event-store';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { guestSubject, registerPersonalFields } from '../../platform/privacy/personal-fields';

export const MAX_DESIGN_NOTES = 5000;

// The events' payload types live in libs/contracts (events/custom-designs.ts, issue 42); re-exported for this
// part: the image reference (the bytes live in the blob store), what the shopper asked for, and the events.
export type {
  CustomDesignDeleted,
  CustomDesignEvent,
  CustomDesignNoteAdded,
  CustomDesignRequest,
  CustomDesignStatusChanged,
  CustomDesignSubmitted,
  DesignImageRef,
} from '@facet/contracts';

export const CUSTOM_DESIGN_EVENT_TYPES = eventTypes(CUSTOM_DESIGN_EVENT_SCHEMAS);

/** The subject whose key seals the request's personal fields: the customer when signed in, else the e-mail. */
export function designSubject(data: { customer_id: string | null; contact_email: string | null }): string {
  if (data.customer_id) return `customer:${data.customer_id}`;
  return data.contact_email ? guestSubject(data.contact_email) : 'erased';
}

registerPersonalFields('CustomDesignSubmitted', {
  subject: designSubject,
  fields: ['contact_name', 'contact_email', 'contact_phone', 'design_notes'],
});
// Staff notes about the request are the person's data too.
registerPersonalFields('CustomDesignStatusChanged', {
  subject: (d: { subject_id?: string }) => d.subject_id ?? 'erased',
  fields: ['note'],
});
registerPersonalFields('CustomDesignNoteAdded', {
  subject: (d: { subject_id?: string }) => d.subject_id ?? 'erased',
  fields: ['note'],
});

export const customDesignStream = (id: string) => `custom-design-${id}`;

export interface CustomDesignState {
  status: CustomDesignStatus | 'none' | 'deleted';
  image_sha256: string | null;
  subject_id: string | null;
  /** The last note and its author: the same note sent again is not added twice. */
  last_note?: { note: string; by: string } | null;
}

export type CustomDesignCommand =
  | { type: 'SubmitCustomDesign'; designId: string; customerId: string | null; request: CustomDesignRequest; image: DesignImageRef | null }
  | { type: 'ChangeCustomDesignStatus'; designId: string; to: CustomDesignStatus; note: string | null; by: Actor }
  | { type: 'DeleteCustomDesign'; designId: string; by: Actor };

/**
 * The rules between fields that a field-by-field check cannot see (spec sections 3 and 5):
 * the type belongs to the category, the karat to the metal, a phone when we are to call or text.
 */
export function checkCustomDesignRequest(r: CustomDesignRequest): void {
  if (!jewelryTypeMatches(r.category, r.jewelry_type)) {
    throw new BadInputError(`jewelry_type ${r.jewelry_type} does not belong to the ${r.category} category.`, 'jewelry_type');
  }
  if (!karatsFor(r.metal_type).includes(r.metal_karat)) {
    throw new BadInputError(`metal_karat for ${r.metal_type} must be one of: ${karatsFor(r.metal_type).join(', ')}.`, 'metal_karat');
  }
  if (!hasVisibleText(r.contact_name)) throw new BadInputError('Contact name is required.', 'contact_name');
  if (!r.contact_email.trim()) throw new BadInputError('Email is required', 'contact_email');
  if (!isValidEmail(r.contact_email)) throw new BadInputError('Please enter a valid email address', 'contact_email');
  if (r.contact_phone === null && (r.preferred_contact === 'phone' || r.preferred_contact === 'text')) {
    throw new BadInputError(`Phone number is required when you prefer to be contacted by ${r.preferred_contact}.`, 'contact_phone');
  }
  if (r.contact_phone !== null && !isValidPhone(r.contact_phone))
    throw new BadInputError('Please enter a valid phone number', 'contact_phone');
  if (r.design_notes !== null && r.design_notes.length > MAX_DESIGN_NOTES) {
    throw new BadInputError(`design_notes must be at most ${MAX_DESIGN_NOTES} characters.`, 'design_notes');
  }
}

export const customDesign = {
  initialState: (): CustomDesignState => ({ status: 'none', image_sha256: null, subject_id: null }),

  evolve(state: CustomDesignState, event: CustomDesignEvent): CustomDesignState {
    switch (event.type) {
      case 'CustomDesignSubmitted':
        return { status: 'pending', image_sha256: event.data.image?.sha256 ?? null, subject_id: designSubject(event.data) };
      case 'CustomDesignStatusChanged':
        return {
          ...state,
          status: event.data.to,
          last_note: event.data.note ? { note: event.data.note, by: actorKey(event.data.by) } : state.last_note,
        };
      case 'CustomDesignNoteAdded':
        return { ...state, last_note: { note: event.data.note, by: actorKey(event.data.by) } };
      case 'CustomDesignDeleted':
        return { ...state, status: 'deleted' };
      default:
        return assertNever(event);
    }
  },

  decide(command: CustomDesignCommand, state: CustomDesignState): CustomDesignEvent[] {
    switch (command.type) {
      case 'SubmitCustomDesign':
        if (state.status !== 'none') throw new ConflictError('A custom design request with this id already exists.');
        checkCustomDesignRequest(command.request);
        return [
          {
            type: 'CustomDesignSubmitted',
            data: { design_id: command.designId, customer_id: command.customerId, image: command.image, ...command.request },
          },
        ];
      case 'ChangeCustomDesignStatus': {
        if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError();
        if (!(CUSTOM_DESIGN_STATUSES as readonly string[]).includes(command.to)) {
          throw new BadInputError(`status must be one of: ${CUSTOM_DESIGN_STATUSES.join(', ')}`, 'status');
        }
        const from = state.status;
        if (from === command.to) {
          // The status it has: nothing to move; a note with it is recorded (once, however often the same is sent).
          const by = actorKey(command.by);
          if (!command.note || (state.last_note?.note === command.note && state.last_note.by === by)) return [];
          return [
            {
              type: 'CustomDesignNoteAdded',
              data: {
                design_id: command.designId,
                status: from,
                note: command.note,
                by: command.by,
                subject_id: state.subject_id ?? 'erased',
              },
            },
          ];
        }
        if (!canMoveCustomDesign(from, command.to)) {
          throw new ConflictError(
            `A ${from} request cannot become ${command.to}.` +
              (customDesignNextStatuses(from).length ? ` Allowed next: ${customDesignNextStatuses(from).join(', ')}.` : ' It is final.'),
          );
        }
        return [
          {
            type: 'CustomDesignStatusChanged',
            data: {
              design_id: command.designId,
              from,
              to: command.to,
              note: command.note,
              by: command.by,
              subject_id: state.subject_id ?? 'erased',
            },
          },
        ];
      }
      case 'DeleteCustomDesign':
        if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError();
        return [{ type: 'CustomDesignDeleted', data: { design_id: command.designId, by: command.by, image_sha256: state.image_sha256 } }];
    }
  },
};

function customDesignNextStatuses(from: CustomDesignStatus): readonly CustomDesignStatus[] {
  return CUSTOM_DESIGN_STATUSES.filter((to) => canMoveCustomDesign(from, to));
}

const actorKey = (a: Actor | null | undefined) => `${a?.type ?? ''}:${a?.id ?? ''}`;
