import { escapeHtml } from '@facet/contracts';
import { SandboxRow } from './sandbox-provider';

function money(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
}

const STYLE = `
  :root { --gold: #b08d57; --ink: #1f1b16; --muted: #7a6f60; --paper: #f7f3ec; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--paper); color: var(--ink); font-family: Georgia, 'Times New Roman', serif; display: flex; align-items: center; justify-content: center; padding: 24px; }
  main { width: 100%; max-width: 440px; background: #fff; border-top: 4px solid var(--gold); box-shadow: 0 12px 40px rgba(31,27,22,.08); padding: 36px 36px 28px; }
  .brand { text-align: center; letter-spacing: 6px; font-size: 26px; }
  .tag { text-align: center; color: var(--gold); letter-spacing: 3px; font-size: 11px; text-transform: uppercase; margin-bottom: 24px; }
  h1 { font-weight: normal; font-size: 20px; margin: 0 0 4px; }
  .amount { font-size: 30px; color: var(--gold); margin: 0 0 20px; }
  label { display: block; font-size: 12px; letter-spacing: 1px; text-transform: uppercase; color: var(--muted); margin: 14px 0 6px; }
  input { width: 100%; padding: 11px 12px; border: 1px solid #d9cdb8; font: 16px Georgia, serif; color: var(--ink); background: #fffdf9; }
  input:focus { outline: 2px solid var(--gold); outline-offset: 1px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 22px; padding: 13px; border: 0; background: var(--ink); color: #fff; font: 15px Georgia, serif; letter-spacing: 2px; text-transform: uppercase; cursor: pointer; }
  button:hover { background: var(--gold); }
  .cancel { background: transparent; color: var(--muted); margin-top: 8px; letter-spacing: 1px; text-transform: none; text-decoration: underline; }
  .cancel:hover { background: transparent; color: var(--ink); }
  .error { border-left: 3px solid #a33a2b; background: #fbefec; color: #7d2a1f; padding: 10px 12px; font-size: 14px; margin-bottom: 10px; }
  .back { text-align: center; margin: 14px 0 0; }
  .note { font-size: 12px; color: var(--muted); text-align: center; margin-top: 18px; line-height: 1.5; }
  a { color: var(--gold); }
`;

/** What the page offers besides paying: a new attempt for the same order when this browser owns it. */
export interface SandboxPageOptions {
  /** The browser holds the order's access cookie: it may try another card (a new session for the same order). */
  canRetry?: boolean;
}

/** The words for a session that ended. */
function endedText(row: SandboxRow): string {
  if (row.payment_status === 'paid') return 'This payment is complete.';
  if (row.payment_status === 'refunded') return 'This payment was refunded: the order could no longer take it.';
  if (row.payment_status === 'declined') return 'This payment did not go through. Nothing was charged.';
  if (row.cancelled_at) return 'You cancelled this payment. Nothing was charged.';
  return 'Payment session expired. Nothing was charged.';
}

/**
 * The hosted checkout page: plain HTML forms, no script, no outside assets (CSP script-src 'self'). A
 * session is paid once; after a decline (or when it ran out) the order's owner may try another card, which
 * opens a fresh session for the same order and amount, as a real provider's page lets a shopper retry.
 */
export function sandboxCheckoutPage(row: SandboxRow, error: string | null = null, options: SandboxPageOptions = {}): string {
  const action = `/api/payments/sandbox/checkout/${encodeURIComponent(row.id)}`;
  const open = row.status === 'open';
  const alert = error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : '';
  const retryable =
    !open && options.canRetry === true && (row.payment_status === 'declined' || (row.status === 'expired' && !row.cancelled_at));
  const body = open
    ? `${alert}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
  <input type="hidden" name="action" value="pay">
  <label for="name">Name on card</label><input id="name" name="name" required maxlength="100">
  <label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" required maxlength="19" placeholder="4242 4242 4242 4242">
  <div class="row">
    <div><label for="expiry">Expiry</label><input id="expiry" name="expiry" required maxlength="5" placeholder="MM/YY"></div>
    <div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" required maxlength="4" placeholder="123"></div>
  </div>
  <button type="submit">Pay ${escapeHtml(money(row.amount_cents, row.currency))}</button>
</form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">Cancel and return to the shop</button></form>`
    : `${alert}
<p>${escapeHtml(endedText(row))}</p>
${
  retryable
    ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="retry"><button type="submit">${
        row.payment_status === 'declined' ? 'Try another card' : 'Start a new payment'
      }</button></form>
<p class="back"><a href="${escapeHtml(row.cancel_url)}">Return to the shop</a></p>`
    : `<p><a href="${escapeHtml(row.payment_status === 'paid' ? row.success_url : row.cancel_url)}">Return to the shop</a></p>`
}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Facet · Secure payment</title><style>${STYLE}</style></head>
<body><main>
<div class="brand">FACET</div><div class="tag">Secure payment</div>
<h1>Order ${escapeHtml(row.order_id.slice(0, 8).toUpperCase())}</h1>
<p class="amount">${escapeHtml(money(row.amount_cents, row.currency))}</p>
${body}
<p class="note">Sandbox checkout: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry and any CVV.</p>
</main></body></html>`;
}
