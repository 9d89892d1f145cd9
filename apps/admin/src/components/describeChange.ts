/** The audit log's "What changed" line (no React here, so it is unit-tested on its own). */
/** A value in a line: never 'undefined'; long text is kept whole (the column wraps it). */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length > 3 ? `${v.length} items` : v.map(show).join(', ');
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== null && typeof x !== 'object');
    return entries.length
      ? entries
          .slice(0, 4)
          .map(([k, x]) => `${k} ${show(x)}`)
          .join(', ')
      : '{…}';
  }
  const primitive: unknown = v; // text, a number, a boolean
  const text = String(primitive);
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}

const money = (k: string, v: unknown) => (k.endsWith('_cents') && typeof v === 'number' ? `$${(v / 100).toFixed(2)}` : show(v));

/** Fields that say nothing to a reader of the log (ids are in the Record column; mail bodies are long). */
const SKIP = new Set(['from', 'to', 'status', 'note', 'by', 'id', 'html', 'text', 'subject_id', 'changes']);

/**
 * What an event changed, in a line, for every event type: a status move (from → to, only when the event
 * has both), a note, the changed fields of an edit, else the payload's plain fields. A mail's `to` is its
 * recipient, not a status.
 */
export function describeChange(data: Record<string, unknown> | null | undefined, type?: string): string {
  if (!data || typeof data !== 'object') return '';
  const parts: string[] = [];
  const isMove = data.from !== undefined && data.to !== undefined && type !== 'MailSent';
  if (isMove) parts.push(`${show(data.from)} → ${show(data.to)}`);
  else if (data.status !== undefined && typeof data.status !== 'object') parts.push(`status: ${show(data.status)}`);
  if (!isMove && data.to !== undefined) parts.push(`to: ${show(data.to)}`);
  if (data.note) parts.push(`note: “${show(data.note)}”`);
  const changes =
    data.changes && typeof data.changes === 'object' && !Array.isArray(data.changes) ? (data.changes as Record<string, unknown>) : null;
  const source = changes ?? data;
  const fields = Object.entries(source).filter(
    ([k, v]) =>
      v !== undefined &&
      !SKIP.has(k) &&
      (!k.endsWith('_id') || k === 'session_id' || k === 'refund_id') &&
      (v === null || typeof v !== 'object' || Array.isArray(v)),
  );
  for (const [k, v] of fields.slice(0, 6)) parts.push(`${k.replace(/_cents$/, '')}: ${money(k, v)}`);
  if (parts.length === 0) {
    // Only ids or nested objects: name what is there rather than show nothing.
    const keys = Object.keys(source).filter((k) => source[k] !== undefined);
    return keys.length ? keys.slice(0, 6).join(', ') : '—';
  }
  return parts.join(' · ');
}

/**
 * Who did it, for the console: the name the API gives (a staff member's name, or "customer", "guest",
 * "system"), staff marked as such; without a name, the actor's kind in words.
 */
export function actorLabel(actor: { type?: string; id?: string; name?: string | null } | null | undefined): string {
  if (!actor || typeof actor !== 'object') return 'system';
  const name = typeof actor.name === 'string' ? actor.name.trim() : '';
  if (actor.type === 'staff') return name && name !== 'staff' ? `${name} (staff)` : 'staff';
  if (name) return name;
  if (actor.type === 'anonymous') return 'guest';
  return actor.type === 'customer' ? 'customer' : 'system';
}
