import { escapeHtml } from '@facet/contracts';
import { brandedHtml, GOLD, OutgoingMail, paragraph } from '../../mail';
import type { OrderPageLink } from '../../orders';
import type { ReturnEvent } from '../domain/order-returns';

/** The shopper a return's mail goes to (the order's shipping block) and the order it is about. */
export interface ReturnMailTo {
  email: string;
  firstName: string;
  subjectId: string;
  orderId: string;
}

const ref = (id: string) => id.slice(0, 8).toUpperCase();
const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** What each step tells the shopper: a title and the paragraphs of the body. */
function wordsFor(event: ReturnEvent, orderRef: string): { kind: string; title: string; body: string[] } {
  const returnRef = ref(event.data.return_id);
  switch (event.type) {
    case 'ReturnRequested': {
      const pieces = event.data.lines.map((l) => `${l.quantity} × ${l.product_name}`).join(', ');
      return {
        kind: 'return-requested',
        title: `We have your return request ${returnRef}`,
        body: [
          `You asked to return ${pieces} from order ${orderRef}.`,
          'Our atelier will review it and write to you within 2 business days.',
        ],
      };
    }
    case 'ReturnApproved':
      return {
        kind: 'return-approved',
        title: `Your return ${returnRef} is approved`,
        body: [
          `Please send the pieces of order ${orderRef} back to our atelier, in their box, with the return reference ${returnRef}.`,
          ...(event.data.note ? [`A note from our atelier: ${event.data.note}`] : []),
        ],
      };
    case 'ReturnRefused':
      return {
        kind: 'return-refused',
        title: `Your return ${returnRef} could not be accepted`,
        body: [`We cannot accept the return of these pieces of order ${orderRef}.`, `A note from our atelier: ${event.data.note}`],
      };
    case 'ReturnReceived':
      return {
        kind: 'return-received',
        title: `We received your return ${returnRef}`,
        body: [`The pieces of order ${orderRef} reached our atelier. We will refund or exchange them shortly.`],
      };
    case 'ReturnRefunded': {
      const fee = event.data.restocking_fee_cents;
      return {
        kind: 'return-refunded',
        title: `We refunded ${usd(event.data.amount_cents)} for your return ${returnRef}`,
        body: [
          `We have refunded ${usd(event.data.amount_cents)} for the pieces you returned from order ${orderRef}` +
            (fee > 0 ? `, less a restocking fee of ${usd(fee)}.` : '.'),
          'It appears on your statement within 7-14 days.',
        ],
      };
    }
    case 'ReturnExchanged':
      return {
        kind: 'return-exchanged',
        title: `Your exchange ${returnRef} is on its way`,
        body: [`We are sending you the other size you asked for in exchange for the piece of order ${orderRef} you returned.`],
      };
  }
}

/** The mail of one step of a return to its shopper, with the order page's signed link. */
export function returnStepMail(event: ReturnEvent, to: ReturnMailTo, link: OrderPageLink): OutgoingMail {
  const { kind, title, body } = wordsFor(event, ref(to.orderId));
  const button = `<p style="margin:8px 0 20px;"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 24px;background:${GOLD};color:#ffffff;text-decoration:none;">View your order</a></p>`;
  const html = brandedHtml(
    title,
    paragraph(`Dear ${to.firstName},`) +
      body.map((p) => paragraph(p)).join('') +
      button +
      paragraph('With warm regards, the Facet atelier'),
  );
  const text = [`Dear ${to.firstName},`, '', ...body, '', `View your order: ${link.url}`, '', 'With warm regards, the Facet atelier'].join(
    '\n',
  );
  return { kind, to: to.email, subject: `Facet: ${title}`, html, text, subjectId: to.subjectId, secrets: [link.token] };
}
