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

/** A bare-hash guest subject, as a version before the keyed derivation wrote them (privacy-secret.ts). */
const BARE_HASH_SUBJECT = /^email:[0-9a-f]{40}$/;

/** A string that names a bare-hash subject: the subject itself, or a value sealed under it. */
function namesBareHash(value: string): boolean {
  return BARE_HASH_SUBJECT.test(value) || (isSealed(value) && BARE_HASH_SUBJECT.test(sealedSubject(value)));
}

function withoutBareHashes(value: unknown): unknown {
  if (typeof value === 'string') return namesBareHash(value) ? REDACTED : value;
  if (Array.isArray(value)) {
    const out = value.map(withoutBareHashes);
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(value)) {
      const shown = withoutBareHashes(v);
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
 * subjects, and any bare-hash subject of an e-mail (events of older versions name one in plain text or in a
 * sealed value's prefix), read REDACTED: a digest of an address lets anyone holding the address match it.
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
  return withoutBareHashes(shown) as T;
}
