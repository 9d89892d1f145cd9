import { OutgoingMail, brandedHtml, GOLD, itemsTableHtml, itemsText, MailLine, MailTotals, paragraph } from '../../mail';
import { carrierById, escapeHtml, trackingUrl, variantLabel } from '@facet/contracts';
import { OrderLine, OrderRequestedData, OrderShipmentData } from '../domain/order';

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

/**
 * The signed link to the order's page (issue 41) that every mail to the shopper carries: `url` is written into
 * the mail, `token` is kept out of what the shop archives (the mail's secret).
 */
export interface OrderPageLink {
  url: string;
  token: string;
}

function linkButtonHtml(link: OrderPageLink, label: string): string {
  return `<p style="margin:8px 0 20px;"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 24px;background:${GOLD};color:#ffffff;text-decoration:none;font-family:Georgia, 'Times New Roman', serif;letter-spacing:1px;">${escapeHtml(label)}</a></p>`;
}

const linkText = (link: OrderPageLink, label: string) => `${label}: ${link.url}`;

/** To the shopper: we have your consultation request; a specialist follows up in 24-48 hours. */
export function consultationConfirmation(d: OrderRequestedData, link: OrderPageLink): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = 'Your consultation request is received';
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph('Thank you for choosing Facet. Our specialists will contact you within 24-48 hours to discuss your selection.') +
      paragraph(`Request reference: ${shortId(d.order_id)}`) +
      itemsTableHtml(lines, totals) +
      linkButtonHtml(link, 'View your request') +
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
    linkText(link, 'View your request'),
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
    secrets: [link.token],
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

/** To staff (issue 49): a consultation request's hold lapsed unconfirmed and its pieces were released; the request stays open. */
export function consultationHoldLapsedNotice(d: OrderRequestedData, holdHours: number, staffEmail: string): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const title = `Pieces released from consultation request ${shortId(d.order_id)}`;
  const why = `Nobody confirmed the hold within ${holdHours} hours, so the pieces held for this consultation request were released to the shop. The request stays open; place a new request to hold them again.`;
  const html = brandedHtml(title, paragraph(why) + itemsTableHtml(lines, totals) + paragraph(`Order id: ${d.order_id}`));
  const text = [why, '', itemsText(lines, totals), '', `Order id: ${d.order_id}`].join('\n');
  return { kind: 'consultation-hold-lapsed', to: staffEmail, subject: `Facet: ${title}`, html, text, subjectId: d.subject_id };
}

/** To the shopper: the payment went through. */
export function paymentReceipt(d: OrderRequestedData, amountCents: number, link: OrderPageLink): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = 'Your payment receipt';
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph(`We received your payment for order ${shortId(d.order_id)}. Your order will ship within 1-2 business days.`) +
      itemsTableHtml(lines, { ...totals, totalCents: amountCents }) +
      linkButtonHtml(link, 'View your order') +
      paragraph('Thank you for shopping with Facet.'),
  );
  const text = [
    `Dear ${name},`,
    '',
    `We received your payment for order ${shortId(d.order_id)}. Your order will ship within 1-2 business days.`,
    '',
    itemsText(lines, { ...totals, totalCents: amountCents }),
    '',
    linkText(link, 'View your order'),
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
    secrets: [link.token],
  };
}

/** To the shopper: an unpaid card order expired; nothing was charged. */
export function orderExpiredNotice(d: OrderRequestedData, link: OrderPageLink): OutgoingMail {
  const { lines, totals } = linesOf(d);
  const name = d.shipping.first_name;
  const title = `Your order ${shortId(d.order_id)} has expired`;
  const body = `We did not receive a payment for order ${shortId(d.order_id)} in time, so it has expired. Nothing was charged. Your selection is waiting in the shop whenever you would like to order again, or reply to arrange a consultation.`;
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph(body) +
      itemsTableHtml(lines, totals) +
      linkButtonHtml(link, 'View your order') +
      paragraph('With warm regards, the Facet atelier'),
  );
  const text = [
    `Dear ${name},`,
    '',
    body,
    '',
    itemsText(lines, totals),
    '',
    linkText(link, 'View your order'),
    '',
    'With warm regards, the Facet atelier',
  ].join('\n');
  // A card order never paid needs no more than a typed address: capped per recipient.
  return {
    kind: 'order-expired',
    to: d.shipping.email,
    subject: `Facet: ${title}`,
    html,
    text,
    subjectId: d.subject_id,
    recipientCap: true,
    secrets: [link.token],
  };
}

/**
 * To the shopper: a payment the order could not take was given back, or (cancelled) the payment of an
 * order cancelled after it was paid.
 */
export function paymentRefundedNotice(
  d: OrderRequestedData,
  amountCents: number,
  reason: string,
  link: OrderPageLink,
  cancelled = false,
): OutgoingMail {
  const name = d.shipping.first_name;
  const amount = (amountCents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const title = `We refunded ${amount} for order ${shortId(d.order_id)}`;
  const body = cancelled
    ? `Your order ${shortId(d.order_id)} was cancelled, so we have refunded your payment of ${amount} in full; it appears on your statement within 7-14 days.`
    : `A payment of ${amount} reached us for order ${shortId(d.order_id)} after it could no longer be paid (${reason}). We have refunded it in full; it appears on your statement within 7-14 days.`;
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph(body) +
      linkButtonHtml(link, 'View your order') +
      paragraph('With warm regards, the Facet atelier'),
  );
  const text = [`Dear ${name},`, '', body, '', linkText(link, 'View your order'), '', 'With warm regards, the Facet atelier'].join('\n');
  return {
    kind: 'payment-refunded',
    to: d.shipping.email,
    subject: `Facet: ${title}`,
    html,
    text,
    subjectId: d.subject_id,
    secrets: [link.token],
  };
}

/** To the shopper: the order is on its way, with the carrier, the tracking link (built from the carrier) and the order page. */
export function orderShippedNotice(d: OrderRequestedData, shipment: OrderShipmentData, note: string, link: OrderPageLink): OutgoingMail {
  const name = d.shipping.first_name;
  const carrier = carrierById(shipment.carrier)?.name ?? shipment.carrier;
  const tracking = trackingUrl(shipment.carrier, shipment.tracking_number);
  const title = 'Your order has shipped';
  const body = `Good news: your order ${shortId(d.order_id)} is on its way with ${carrier}. Delivery is expected in 2-3 business days.`;
  const trackingLine = `${carrier} tracking number: ${shipment.tracking_number}`;
  const html = brandedHtml(
    title,
    paragraph(`Dear ${name},`) +
      paragraph(body) +
      (tracking
        ? `<p style="font-size:15px;line-height:1.6;margin:0 0 14px;">${escapeHtml(`${carrier} tracking number: `)}<a href="${escapeHtml(tracking)}" style="color:${GOLD};">${escapeHtml(shipment.tracking_number)}</a></p>`
        : paragraph(trackingLine)) +
      (note ? paragraph(`A note from our atelier: ${note}`) : '') +
      linkButtonHtml(link, 'View your order') +
      paragraph('With warm regards, the Facet atelier'),
  );
  const text = [
    `Dear ${name},`,
    '',
    body,
    '',
    trackingLine,
    ...(tracking ? [`Track your parcel: ${tracking}`] : []),
    ...(note ? ['', `A note from our atelier: ${note}`] : []),
    '',
    linkText(link, 'View your order'),
    '',
    'With warm regards, the Facet atelier',
  ].join('\n');
  return {
    kind: 'order-shipped',
    to: d.shipping.email,
    subject: `Facet: ${title} (order ${shortId(d.order_id)})`,
    html,
    text,
    subjectId: d.subject_id,
    secrets: [link.token],
  };
}
