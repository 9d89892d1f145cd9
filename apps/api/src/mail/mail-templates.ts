/**
 * Facet's one mail layout, used by every part that mails: HTML (serif, gold, inline styles only) and plain
 * text. Every interpolated value is escaped.
 */

import { escapeHtml } from '@facet/contracts';

export const GOLD = '#b08d57';
const INK = '#1f1b16';
const SERIF = "Georgia, 'Times New Roman', serif";

/** Wraps a body (already-escaped HTML) in the branded frame. */
export function brandedHtml(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f7f3ec;color:${INK};font-family:${SERIF};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f3ec;padding:32px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-top:4px solid ${GOLD};">
<tr><td style="padding:32px 40px 8px;text-align:center;">
<div style="font-family:${SERIF};font-size:28px;letter-spacing:6px;color:${INK};">FACET</div>
<div style="font-family:${SERIF};font-size:12px;letter-spacing:3px;color:${GOLD};text-transform:uppercase;">Fine Jewelry</div>
</td></tr>
<tr><td style="padding:16px 40px 8px;">${title ? `<h1 style="font-family:${SERIF};font-weight:normal;font-size:22px;color:${INK};margin:0 0 16px;">${escapeHtml(title)}</h1>` : ''}
${bodyHtml}
</td></tr>
<tr><td style="padding:24px 40px 32px;border-top:1px solid #eee3d3;font-size:12px;color:#7a6f60;text-align:center;">
Facet Fine Jewelry &middot; Free shipping over $500 &middot; 30-day returns &middot; Lifetime warranty
</td></tr>
</table></td></tr></table></body></html>`;
}

export function paragraph(text: string): string {
  return `<p style="font-size:15px;line-height:1.6;margin:0 0 14px;">${escapeHtml(text)}</p>`;
}

// Built once: toLocaleString with options builds a new formatter on every call, which showed in profiles.
const wholeDollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const withCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function money(cents: number): string {
  return '$' + (cents % 100 !== 0 ? withCents : wholeDollars).format(cents / 100);
}

export interface MailLine {
  name: string;
  quantity: number;
  unitCents: number;
}

export interface MailTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The items and totals as an HTML table. */
export function itemsTableHtml(lines: MailLine[], totals: MailTotals): string {
  const cell = 'padding:8px 0;border-bottom:1px solid #eee3d3;font-size:14px;';
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell}text-align:center;">${escapeHtml(l.quantity)}</td><td style="${cell}text-align:right;">${escapeHtml(money(l.unitCents * l.quantity))}</td></tr>`,
    )
    .join('');
  const sum = (label: string, cents: number, strong = false) =>
    `<tr><td colspan="2" style="padding:4px 0;font-size:14px;${strong ? `font-weight:bold;color:${GOLD};` : ''}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;font-size:14px;${strong ? `font-weight:bold;color:${GOLD};` : ''}">${escapeHtml(cents === 0 && label === 'Shipping' ? 'Free' : money(cents))}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;">
<tr><th align="left" style="font-size:12px;letter-spacing:1px;color:#7a6f60;text-transform:uppercase;padding-bottom:6px;">Piece</th><th style="font-size:12px;letter-spacing:1px;color:#7a6f60;text-transform:uppercase;">Qty</th><th align="right" style="font-size:12px;letter-spacing:1px;color:#7a6f60;text-transform:uppercase;">Amount</th></tr>
${rows}
${sum('Subtotal', totals.subtotalCents)}${sum('Shipping', totals.shippingCents)}${sum('Tax', totals.taxCents)}${sum('Total', totals.totalCents, true)}
</table>`;
}

export function itemsText(lines: MailLine[], totals: MailTotals): string {
  return [
    ...lines.map((l) => `  ${l.quantity} x ${l.name} — ${money(l.unitCents * l.quantity)}`),
    '',
    `  Subtotal: ${money(totals.subtotalCents)}`,
    `  Shipping: ${totals.shippingCents === 0 ? 'Free' : money(totals.shippingCents)}`,
    `  Tax: ${money(totals.taxCents)}`,
    `  Total: ${money(totals.totalCents)}`,
  ].join('\n');
}

/** Strips characters that would break a header line. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** A subject line built from user input: one line, tabs flattened, at most `max` characters. */
export function subjectSafe(value: string, max = 80): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A letter in the branded layout: a greeting, paragraphs, label/value details, and the atelier's signature. */
export interface BrandedMail {
  /** The heading in the HTML (the text version has none); empty for none. */
  title?: string;
  /** Greeting line, e.g. "Dear Ada,". */
  greeting: string;
  /** Paragraphs of plain text (escaped into the HTML). */
  paragraphs: string[];
  /** Label/value pairs shown as a table; empty values are left out. */
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
        `<tr><td style="padding:4px 12px 4px 0;font-size:14px;color:#7a6f60;vertical-align:top">${escapeHtml(k)}</td>` +
        `<td style="padding:4px 0;font-size:14px;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const body =
    paragraph(mail.greeting) +
    mail.paragraphs.map(paragraph).join('') +
    (rows ? `<table role="presentation" style="border-collapse:collapse;margin:8px 0 20px">${rows}</table>` : '') +
    `<p style="font-size:15px;line-height:1.6;margin:16px 0 0;">${SIGNATURE.map(escapeHtml).join('<br>')}</p>`;
  return { html: brandedHtml(mail.title ?? '', body), text };
}
