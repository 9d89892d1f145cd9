/** The five characters that end HTML text or a quoted attribute value, and their entities. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A value as HTML text or a quoted attribute value (either quote), for the server-rendered storefront's
 * head, the mails and the sandbox payment page alike. null and undefined are empty; everything else
 * (NUL, lone surrogates, line separators) passes through as it is: escaping is not where input is refused.
 */
export function escapeHtml(value: unknown): string {
  // Whatever it is, as String() spells it (unknown: the caller hands in text, numbers and odd values alike).
  const text: unknown = value ?? '';
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
