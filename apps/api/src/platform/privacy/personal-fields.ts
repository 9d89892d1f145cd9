import { createHash } from 'crypto';

/**
 * Which fields of which events hold personal data, and whose. EventSourcing.append seals these fields
 * with the subject's key before the event is written; projections receive them opened (or null once the
 * subject is erased). Each part of the shop registers its own events next to their definitions.
 */
export interface PersonalFields {
  /** The data subject the fields belong to (customer:<id>, staff:<id>, or guestSubject(email) for guests). */
  subject(data: any): string;
  fields: readonly string[];
}

const registry = new Map<string, PersonalFields>();

export function registerPersonalFields(eventType: string, spec: PersonalFields): void {
  registry.set(eventType, spec);
}

export function personalFieldsOf(eventType: string): PersonalFields | undefined {
  return registry.get(eventType);
}

/**
 * The subject id for a guest known only by e-mail, so one erasure finds every trace of them. A digest,
 * not the address: subject ids stand in clear inside sealed values and events, and must outlive no one.
 */
export function guestSubject(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}
