import { ReceivedMail, SmtpSink } from './smtp-sink';
import { TestApp } from './test-app';
import { expectEverythingProjected } from './projection-health';

/** Test helpers for customer accounts: read mails from the SMTP sink, register and sign customers in. */
export class Mailbox {
  private seen = new Set<ReceivedMail>();
  constructor(private readonly sink: SmtpSink) {}

  /** The next mail of a kind to an address not returned before. */
  async next(to: string, kind: 'verify-email' | 'password-reset', timeoutMs = 10_000): Promise<ReceivedMail> {
    const mail = await this.sink.waitFor(
      (m) => !this.seen.has(m) && m.to.includes(to.toLowerCase()) && m.headers['x-facet-mail-kind'] === kind,
      timeoutMs,
    );
    this.seen.add(mail);
    return mail;
  }

  /** Whether any mail of a kind reached an address (after a short wait). */
  async none(to: string, kind: string, waitMs = 1500): Promise<boolean> {
    await new Promise((r) => setTimeout(r, waitMs));
    return !this.sink.messages.some((m) => !this.seen.has(m) && m.to.includes(to.toLowerCase()) && m.headers['x-facet-mail-kind'] === kind);
  }
}

export function codeOf(mail: ReceivedMail): string {
  const m = /verification code is ([A-Z0-9]{8})/.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1];
}

export function tokenOf(mail: ReceivedMail): string {
  const m = /[?&]token=([^\s&"<]+)/.exec(mail.text);
  if (!m) throw new Error(`no token in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}

export const PASSWORD = 'Brilliant-Cut-1985!';

let clients = 0;
/** A client address of its own (TEST-NET-3), for a sign-up: sign-ups count per address, as from real people. */
function nextClientAddress(): string {
  clients++;
  return `203.0.${113 + Math.floor(clients / 250)}.${clients % 250}`;
}

/** Registers (from an address of its own) and verifies a customer; answers their e-mail. */
export async function verifiedCustomer(t: TestApp, box: Mailbox, email: string, password = PASSWORD): Promise<string> {
  const reg = await t.request('POST', '/api/auth/register', {
    body: { email, password },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  // 202: recorded, the read models not caught up within READ_YOUR_WRITES_TIMEOUT_MS (a loaded machine).
  if (reg.status !== 201 && reg.status !== 202) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const code = codeOf(await box.next(email, 'verify-email'));
  const v = await t.request('POST', '/api/auth/verify-email', { body: { email, token: code } });
  if (v.status !== 200 && v.status !== 202) throw new Error(`verify: ${v.status} ${JSON.stringify(v.body)}`);
  // 202: verified in the log, not yet in the read model sign-in reads; wait for it, or login says "verify first".
  if (v.status === 202) await expectEverythingProjected(t);
  return email.toLowerCase();
}

export async function login(t: TestApp, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password }, headers });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
