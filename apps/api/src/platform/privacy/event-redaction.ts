import { CUSTOMER_DELETED } from '@facet/contracts';
import { isSealed, sealedSubject } from './sealed-values';

/** What is shown where an event named a person by their e-mail. */
export const REDACTED = '[redacted]';

/**
 * Fields that name a person by their e-mail (the address, or a digest of it) and serve only the shop's own
 * matching: CustomerDeleted's guest subjects, and the address itself in the oldest erasures.
 */
const IDENTIFYING_FIELDS: Record<string, readonly string[]> = {
  [CUSTOMER_DELETED]: ['email', 'guest_subject', 'guest_subjects'],
};

/**
 * A guest's subject: the bare hash of their e-mail (versions before the keyed derivation), or its keyed
 * digest (privacy-secret.ts). Shown to no one: staff could place a guest order with an address they guess,
 * read its subject here, and look for the same subject among erased guests' events.
 */
const GUEST_SUBJECT = /^(?:email|guest):[0-9a-f]{40}$/;

/** A string that names a guest subject: the subject itself, or a value sealed under it. */
function namesGuestSubject(value: string): boolean {
  return GUEST_SUBJECT.test(value) || (isSealed(value) && GUEST_SUBJECT.test(sealedSubject(value)));
}

/** A value with every guest subject in it (plain, or a sealed value's prefix) read REDACTED: for states and diffs shown to staff. */
export function withoutGuestSubjects<T>(value: T): T;
export function withoutGuestSubjects(value: unknown): unknown {
  if (typeof value === 'string') return namesGuestSubject(value) ? REDACTED : value;
  if (Array.isArray(value)) {
    const list = value as unknown[];
    const out = list.map(withoutGuestSubjects);
    return out.some((v, i) => v !== list[i]) ? out : list;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const shown = withoutGuestSubjects(v);
      if (shown === v) continue;
      out ??= { ...(value as Record<string, unknown>) };
      Object.defineProperty(out, k, { value: shown, writable: true, enumerable: true, configurable: true });
    }
    return out ?? value;
  }
  return value;
}

/**
 * An event's data as anyone outside the shop's own processing sees it (the audit API for every role, record
 * history, exports): an upcast on read, the log itself is not rewritten. CustomerDeleted's e-mail and guest
 * subjects, and any guest subject of an e-mail, bare or keyed (named in plain text or in a sealed value's
 * prefix), read REDACTED: a digest of an address lets anyone who can make one for a guessed address match it.
 * Projections and deciders read the log directly and still get them. The same object when nothing is hidden.
 */
export function redactIdentifiers<T>(type: string, data: T): T {
  const fields = IDENTIFYING_FIELDS[type];
  let shown = data as unknown;
  if (fields && shown && typeof shown === 'object') {
    const record = shown as Record<string, unknown>;
    const present = fields.filter((f) => record[f] !== undefined && record[f] !== null);
    if (present.length) shown = { ...record, ...Object.fromEntries(present.map((f) => [f, REDACTED])) };
  }
  return withoutGuestSubjects(shown) as T;
}
