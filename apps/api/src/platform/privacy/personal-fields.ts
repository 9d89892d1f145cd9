/**
 * Which fields of which events hold personal data, and whose. EventSourcing.append seals these fields
 * with the subject's key before the event is written; projections receive them opened (or ERASED, "erased", once the
 * subject is erased). Each part of the shop registers its own events next to their definitions.
 */
export interface PersonalFields {
  /** The data subject the fields belong to (customer:<id>, staff:<id>, or guestSubject(email) for guests). */
  subject(data: unknown): string;
  /**
   * The fields to seal: a top-level name ('note'), or a path to a value inside one ('shipment.tracking_number';
   * 'items[].engraving' for the field of each element of a list). A value at a path is sealed unless it is
   * empty ('', null or absent), so "no engraving" stays readable as such.
   */
  fields: readonly string[];
  /**
   * Paths of `fields` that events written before they were sealed hold in clear text. Those events are not
   * rewritten (the log is append-only and hash-chained): readers that show events to people (the audit API,
   * record history, exports) read such a clear value `[redacted]` once the subject's key is gone
   * (redactClearPersonalData, event-redaction.ts).
   */
  clearBefore?: readonly string[];
}

const registry = new Map<string, PersonalFields>();

export function registerPersonalFields(eventType: string, spec: PersonalFields): void {
  registry.set(eventType, spec);
}

export function personalFieldsOf(eventType: string): PersonalFields | undefined {
  return registry.get(eventType);
}

const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * The value with what `change` gives for each value at the path (personal-fields' syntax, split at '.'): a copy
 * where something changed, the same value otherwise. `nested` is false for a top-level field (today's rule: every
 * value but null and undefined is sealed), true inside one (empty strings are left as they are).
 */
function mapAtPath(value: unknown, path: readonly string[], change: (v: unknown, nested: boolean) => unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || path.length === 0) return value;
  const [head, ...rest] = path;
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  const record = value as Record<string, unknown>;
  if (!own(record, key)) return value;
  const inner = record[key];
  const each = (v: unknown) => (rest.length === 0 ? change(v, depth > 0 || list) : mapAtPath(v, rest, change, depth + 1));
  let next: unknown;
  if (list) {
    if (!Array.isArray(inner)) return value;
    const items = inner as unknown[];
    const mapped = items.map(each);
    next = mapped.some((v, i) => v !== items[i]) ? mapped : inner;
  } else next = each(inner);
  if (next === inner) return value;
  const copy = { ...record };
  // defineProperty: a key named __proto__ (JSON allows it) stays a plain key.
  Object.defineProperty(copy, key, { value: next, writable: true, enumerable: true, configurable: true });
  return copy;
}

/** mapAtPath over several paths of personal-fields' syntax. */
export function mapPersonalPaths<T>(value: T, paths: readonly string[], change: (v: unknown, nested: boolean) => unknown): T {
  let out: unknown = value;
  for (const p of paths) out = mapAtPath(out, p.split('.'), change);
  return out as T;
}

/** Whether a value at a path is one to seal: top-level fields take everything but null; nested ones not '' either. */
export const worthSealing = (v: unknown, nested: boolean): boolean => v !== null && v !== undefined && !(nested && v === '');

// Guest subjects are derived with the privacy secret (a keyed HMAC), see privacy-secret.ts.
export { guestSubject, guestSubjects, legacyGuestSubject } from './privacy-secret';
