import type { CategoryId, Department } from '../categories';
import type { CustomDesignStatus, DiamondShape, DiamondSize, MetalKarat, MetalType, PreferredContact } from '../custom-design';
import type { EventActor } from './actor';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

/** The custom design requests' events (issue 42): one stream per request (custom-design-<id>). */

/** The stored image: the bytes live in the blob store (private), the event keeps only this reference. */
export interface DesignImageRef {
  sha256: string;
  mime: 'image/png' | 'image/jpeg';
  size: number;
}

/** What the shopper asked for, as the event carries it. Contact fields are personal: opened as null once erased. */
export interface CustomDesignRequest {
  category: Department;
  jewelry_type: CategoryId;
  diamond_shape: DiamondShape;
  diamond_size: DiamondSize;
  metal_type: MetalType;
  metal_karat: MetalKarat;
  preferred_contact: PreferredContact;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  design_notes: string | null;
}

export type CustomDesignSubmittedData = {
  design_id: string;
  customer_id: string | null;
  image: DesignImageRef | null;
} & CustomDesignRequest;
export interface CustomDesignStatusChangedData {
  design_id: string;
  from: CustomDesignStatus;
  to: CustomDesignStatus;
  note: string | null;
  by: EventActor;
  /** The requester's subject, which seals the note; absent on the oldest events (their note reads "erased"). */
  subject_id?: string;
}
export interface CustomDesignDeletedData {
  design_id: string;
  by: EventActor;
  image_sha256: string | null;
}
/** Staff added a note without moving the request (a status change to the status it already has, with a note). */
export interface CustomDesignNoteAddedData {
  design_id: string;
  status: CustomDesignStatus;
  note: string;
  by: EventActor;
  /** As CustomDesignStatusChanged's. */
  subject_id?: string;
}

export const CUSTOM_DESIGN_EVENT_SCHEMAS = defineEvents({
  CustomDesignSubmitted: event<CustomDesignSubmittedData>(),
  CustomDesignStatusChanged: event<CustomDesignStatusChangedData>(),
  CustomDesignDeleted: event<CustomDesignDeletedData>(),
  CustomDesignNoteAdded: event<CustomDesignNoteAddedData>(),
});

export type CustomDesignEvent = EventsOf<typeof CUSTOM_DESIGN_EVENT_SCHEMAS>;
export type CustomDesignSubmitted = EventOfType<CustomDesignEvent, 'CustomDesignSubmitted'>;
export type CustomDesignStatusChanged = EventOfType<CustomDesignEvent, 'CustomDesignStatusChanged'>;
export type CustomDesignDeleted = EventOfType<CustomDesignEvent, 'CustomDesignDeleted'>;
export type CustomDesignNoteAdded = EventOfType<CustomDesignEvent, 'CustomDesignNoteAdded'>;
