/** Small, dependency-free building blocks for Facet's branded mails: every value is escaped in the HTML. */

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Keeps header-unsafe characters out of a subject line built from user input. */
export function subjectSafe(value: string, max = 80): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export interface BrandedMail {
  /** Greeting line, e.g. "Dear Ada,". */
  greeting: string;
  /** Paragraphs of plain text (escaped into the HTML). */
  paragraphs: string[];
  /** Label/value pairs shown as a table (escaped). */
  details?: [string, string | null | undefined][];
}

const SIGNATURE = ['With warm regards,', 'The Facet Fine Jewelry atelier', 'Established 1985'];

export function renderBrandedMail(mail: BrandedMail): { html: string; text: string } {
  const details = (mail.details ?? []).filter(([, v]) => v !== null && v !== undefined && v !== '');
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...SIGNATURE,
  ].join('\n');
  const rows = details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b6257;vertical-align:top">${escapeHtml(k)}</td>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="margin:0;background:#f7f3ee;font-family:Georgia,'Times New Roman',serif;color:#2b2622">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px">` +
    `<div style="font-size:24px;letter-spacing:4px;text-align:center;padding:16px 0;color:#8a6d3b">FACET</div>` +
    `<div style="background:#fff;padding:24px;border-top:3px solid #c9a96e">` +
    `<p>${escapeHtml(mail.greeting)}</p>` +
    mail.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('') +
    (rows ? `<table style="border-collapse:collapse;font-size:14px;margin:16px 0">${rows}</table>` : '') +
    `<p style="margin-top:24px">${SIGNATURE.map(escapeHtml).join('<br>')}</p>` +
    `</div></div></body></html>`;
  return { html, text };
}
