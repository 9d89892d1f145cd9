/**
 * Which fields of which events hold personal data, and whose. EventSourcing.append seals these fields
 * with the subject's key before the event is written; projections receive them opened (or ERASED, "erased", once the
 * subject is erased). Each part of the shop registers its own events next to their definitions.
 */
export interface PersonalFields {
  /** The data subject the fields belong to (customer:<id>, staff:<id>, or guestSubject(email) for guests). */
  subject(data: unknown): string;
  fields: readonly string[];
}

const registry = new Map<string, PersonalFields>();

export function registerPersonalFields(eventType: string, spec: PersonalFields): void {
  registry.set(eventType, spec);
}

export function personalFieldsOf(eventType: string): PersonalFields | undefined {
  return registry.get(eventType);
}

// Guest subjects are derived with the privacy secret (a keyed HMAC), see privacy-secret.ts.
export { guestSubject, guestSubjects, legacyGuestSubject } from './privacy-secret';
