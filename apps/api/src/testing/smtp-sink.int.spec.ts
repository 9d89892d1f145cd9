import nodemailer from 'nodemailer';
import { startSmtpSink } from './smtp-sink';

describe('smtp sink', () => {
  it('receives real SMTP and parses subject, recipients, text and html (non-ASCII too)', async () => {
    const sink = await startSmtpSink();
    try {
      expect(sink.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      const transport = nodemailer.createTransport(sink.url);
      const waiting = sink.waitFor((m) => m.subject.startsWith('Your Facet'), 5000);
      await transport.sendMail({
        from: 'Facet <shop@facet.test>',
        to: 'Ana Müller <ana@example.com>',
        subject: 'Your Facet consultation — “Éclat” ring',
        text: 'Hello Ana,\nThank you. '.repeat(20) + 'ünïcødé',
        html: '<p style="font-family: Georgia">Hello <b>Ana</b> — €12,500</p>'.repeat(5),
      });
      const mail = await waiting;
      expect(mail.subject).toBe('Your Facet consultation — “Éclat” ring');
      expect(mail.to).toEqual(['ana@example.com']);
      expect(mail.toHeader).toContain('ana@example.com');
      expect(mail.text).toContain('ünïcødé');
      expect(mail.text.startsWith('Hello Ana,\nThank you.')).toBe(true);
      expect(mail.html).toContain('<p style="font-family: Georgia">Hello <b>Ana</b> — €12,500</p>');
      expect(sink.messages).toHaveLength(1);
      await expect(sink.waitFor((m) => m.subject === 'never', 50)).rejects.toThrow(/no matching mail/);
      transport.close();
    } finally {
      await sink.close();
    }
  });
});
