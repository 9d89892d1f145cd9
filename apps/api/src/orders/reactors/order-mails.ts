import { OutgoingMail } from '../../mail/mail.outbox';
import { brandedHtml, escapeHtml, itemsTableHtml, itemsText, MailLine, MailTotals, paragraph } from '../../mail/mail-templates';
import { variantLabel } from '@facet/contracts';
import { OrderLine, OrderRequestedData } from '../domain/order';

/** A line as the mails name it: the piece, the variant chosen and the engraving ("Ring · Size 6.5 · Engraving “A & B”"). */
export function mailLineName(l: OrderLine): string {
  const label = variantLabel(l.variant_options ?? {});
  return [l.product_name, label, l.engraving ? `Engraving “${l.engraving}”` : ''].filter(Boolean).join(' · ');
}

function linesOf(d: OrderRequestedData): { lines: MailLine[]; totals: MailTotals } {
  return {
    lines: d.items.map((l) => ({ name: mailLineName(l), quantity: l.quantity, unitCents: l.unit_price_cents })),
    totals: { subtotalCents: d.subtotal_cents, shippingCents: d.shipping_cents, taxCents: d.tax_cents, totalCents: d.total_cents },
  };
}

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** To the shopper: we have your consultation request; a specialist follows up in 24-48 hours. */
export function consultationConfirmation(d: OrderRequestedData): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = 'Your consultation request is received';
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph('Thank you for choosing Facet. Our specialists will contact you within 24-48 hours to discuss your selection.') +
      paragraph(`Request reference: ${shortId(d.order_id)}`) +
      itemsTableHtml(lines, totals) +
      paragraph('With warm regards, the Facet atelier'),
  );
  const text = [
    `Dear ${name},`,
    '',
    'Thank you for choosing Facet. Our specialists will contact you within 24-48 hours to discuss your selection.',
    `Request reference: ${shortId(d.order_id)}`,
    '',
    itemsText(lines, totals),
    '',
    'With warm regards, the Facet atelier',
  ].join('\n');
  // Anyone can request a consultation for any address: capped per recipient.
  return {
    kind: 'consultation-confirmation',
    to: d.shipping.email,
    subject: `Facet: ${title}`,
    html,
    text,
    subjectId: d.subject_id,
    recipientCap: true,
  };
}

/** To staff: a new consultation request to follow up. */
export function consultationStaffNotice(d: OrderRequestedData, staffEmail: string): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const s = d.shipping;
  const title = `New consultation request ${shortId(d.order_id)}`;
  const contact = [
    ['Name', `${s.first_name} ${s.last_name}`],
    ['E-mail', s.email],
    ['Phone', s.phone],
    ['Address', [s.address, s.apartment, s.city, s.state, s.zip_code, s.country].filter(Boolean).join(', ')],
  ];
  const html = brandedHtml(
    title,
    paragraph('A shopper asked for a consultation. Please follow up within 24-48 hours.') +
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px;">${contact
        .map(([k, v]) => `<tr><td style="padding:2px 16px 2px 0;color:#7a6f60;">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>` +
      itemsTableHtml(lines, totals) +
      paragraph(`Order id: ${d.order_id}`),
  );
  const text = [
    'A shopper asked for a consultation. Please follow up within 24-48 hours.',
    '',
    ...contact.map(([k, v]) => `${k}: ${v}`),
    '',
    itemsText(lines, totals),
    '',
    `Order id: ${d.order_id}`,
  ].join('\n');
  return { kind: 'consultation-staff-notice', to: staffEmail, subject: `Facet: ${title}`, html, text, subjectId: d.subject_id };
}

/** To the shopper: the payment went through. */
export function paymentReceipt(d: OrderRequestedData, amountCents: number): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = 'Your payment receipt';
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph(`We received your payment for order ${shortId(d.order_id)}. Your order will ship within 1-2 business days.`) +
      itemsTableHtml(lines, { ...totals, totalCents: amountCents }) +
      paragraph('Thank you for shopping with Facet.'),
  );
  const text = [
    `Dear ${name},`,
    '',
    `We received your payment for order ${shortId(d.order_id)}. Your order will ship within 1-2 business days.`,
    '',
    itemsText(lines, { ...totals, totalCents: amountCents }),
    '',
    'Thank you for shopping with Facet.',
  ].join('\n');
  return {
    kind: 'payment-receipt',
    to: d.shipping.email,
    subject: `Facet: ${title} for order ${shortId(d.order_id)}`,
    html,
    text,
    subjectId: d.subject_id,
  };
}

/** To the shopper: an unpaid card order expired; nothing was charged. */
export function orderExpiredNotice(d: OrderRequestedData): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = `Your order ${shortId(d.order_id)} has expired`;
  const body = `We did not receive a payment for order ${shortId(d.order_id)} in time, so it has expired. Nothing was charged. Your selection is waiting in the shop whenever you would like to order again, or reply to arrange a consultation.`;
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) + paragraph(body) + itemsTableHtml(lines, totals) + paragraph('With warm regards, the Facet atelier'),
  );
  const text = [`Dear ${name},`, '', body, '', itemsText(lines, totals), '', 'With warm regards, the Facet atelier'].join('\n');
  // A card order never paid needs no more than a typed address: capped per recipient.
  return {
    kind: 'order-expired',
    to: d.shipping.email,
    subject: `Facet: ${title}`,
    html,
    text,
    subjectId: d.subject_id,
    recipientCap: true,
  };
}

/**
 * To the shopper: a payment the order could not take was given back, or (cancelled) the payment of an
 * order cancelled after it was paid.
 */
export function paymentRefundedNotice(d: OrderRequestedData, amountCents: number, reason: string, cancelled = false): OutgoingMail {
  const name = d.shipping.first_name;
  const amount = (amountCents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const title = `We refunded ${amount} for order ${shortId(d.order_id)}`;
  const body = cancelled
    ? `Your order ${shortId(d.order_id)} was cancelled, so we have refunded your payment of ${amount} in full; it appears on your statement within 7-14 days.`
    : `A payment of ${amount} reached us for order ${shortId(d.order_id)} after it could no longer be paid (${reason}). We have refunded it in full; it appears on your statement within 7-14 days.`;
  const html = brandedHtml(title, paragraph(`Dear ${name},`) + paragraph(body) + paragraph('With warm regards, the Facet atelier'));
  const text = [`Dear ${name},`, '', body, '', 'With warm regards, the Facet atelier'].join('\n');
  return { kind: 'payment-refunded', to: d.shipping.email, subject: `Facet: ${title}`, html, text, subjectId: d.subject_id };
}
