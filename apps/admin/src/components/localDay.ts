/**
 * The day a date picker gave ('2026-11-23'), in the browser's time zone: its first or its last millisecond, as
 * the instant the API filters on. Anything else (a half-typed or impossible date) is no filter at all.
 */
export function localDayBound(value: string, end: boolean): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = end ? new Date(y, mo, d, 23, 59, 59, 999) : new Date(y, mo, d);
  // new Date rolls 2026-02-30 over into March: refuse what is not a real calendar day.
  if (day.getFullYear() !== y || day.getMonth() !== mo || day.getDate() !== d) return undefined;
  return day.toISOString();
}
