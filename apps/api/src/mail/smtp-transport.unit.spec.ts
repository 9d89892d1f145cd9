import { refusedForGood, SMTP_TIMEOUTS, smtpTransport } from './mail.worker';

type WithOptions = { options: Record<string, unknown> };

describe('The SMTP transport', () => {
  it('should give up on a silent relay within a minute, where nodemailer would wait ten', () => {
    const transport = smtpTransport('smtp://relay.example:2525') as unknown as { transporter: WithOptions };
    expect(transport.transporter.options).toMatchObject({ host: 'relay.example', port: 2525, ...SMTP_TIMEOUTS });
    expect(SMTP_TIMEOUTS.socketTimeout).toBeLessThanOrEqual(60_000);
  });

  it("should let the URL's own parameters win", () => {
    const transport = smtpTransport('smtps://user:pw@relay.example?socketTimeout=5000') as unknown as { transporter: WithOptions };
    expect(transport.transporter.options).toMatchObject({ secure: true, socketTimeout: 5000, auth: { user: 'user', pass: 'pw' } });
  });
});

describe('A relay refusing an address', () => {
  // As nodemailer reports it: EENVELOPE, with the relay's reply code.
  const refusal = (responseCode: number) =>
    Object.assign(new Error("Can't send mail - all recipients were rejected"), { code: 'EENVELOPE', command: 'RCPT TO', responseCode });

  it('should count a 5xx reply to the recipients as for good: the mail is recorded as not sent, not retried', () => {
    expect(refusedForGood(refusal(501))).toBe(true);
    expect(refusedForGood(refusal(550))).toBe(true);
  });

  it('should retry what may pass later: a 4xx reply, a relay that is down or silent, a 5xx that is not about the address', () => {
    expect(refusedForGood(refusal(450))).toBe(false);
    expect(refusedForGood(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(false);
    expect(refusedForGood(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(refusedForGood(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
    const sender = Object.assign(new Error('Mail command failed'), { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550 });
    expect(refusedForGood(sender)).toBe(false);
    expect(refusedForGood(undefined)).toBe(false);
  });
});
