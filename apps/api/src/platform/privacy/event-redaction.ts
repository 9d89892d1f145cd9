import { CUSTOMER_DELETED } from '@facet/contracts';
import { mapPersonalPaths, personalFieldsOf, worthSealing } from './personal-fields';
import { isSealed, sealedSubject, SubjectKeys } from './sealed-values';

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

/** A clear value at a path registered as sealed since (personal-fields.ts `clearBefore`): an event written before. */
const isClear = (v: unknown, nested: boolean) => worthSealing(v, nested) && !isSealed(v);

/**
 * Events as people are shown them (audit API, record history, exports), with the personal data that events written
 * before it was sealed hold in clear text (an engraving, a tracking number: the `clearBefore` paths) read REDACTED
 * once its subject's key is gone, as the sealed values of the same person read "erased". Give it the events as
 * stored (before opening: an opened value and a clear one look alike); one key query for the whole batch. Events
 * with nothing to hide come back as they are.
 */
export async function redactClearPersonalData<E extends { type: string; data: unknown }>(
  events: readonly E[],
  keys: Pick<SubjectKeys, 'keysOf'>,
): Promise<E[]> {
  const subjects: (string | null)[] = events.map((e) => {
    const paths = personalFieldsOf(e.type)?.clearBefore;
    if (!paths?.length || !e.data || typeof e.data !== 'object') return null;
    let clear = false;
    mapPersonalPaths(e.data, paths, (v, nested) => {
      if (isClear(v, nested)) clear = true;
      return v;
    });
    if (!clear) return null;
    try {
      const subject = personalFieldsOf(e.type)!.subject(e.data);
      return typeof subject === 'string' ? subject : null;
    } catch {
      return null; // data of another shape than its type's: nobody to ask about
    }
  });
  const asked = new Set(subjects.filter((s): s is string => s !== null));
  if (asked.size === 0) return [...events];
  const found = await keys.keysOf(asked);
  return events.map((e, i) => {
    const subject = subjects[i];
    if (subject === null || found.get(subject)) return e;
    const paths = personalFieldsOf(e.type)!.clearBefore!;
    return { ...e, data: mapPersonalPaths(e.data, paths, (v, nested) => (isClear(v, nested) ? REDACTED : v)) };
  });
}
