import { SMTP_TIMEOUTS, smtpTransport } from './mail.worker';

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
