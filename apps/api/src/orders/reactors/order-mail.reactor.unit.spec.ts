import { OrderRequestedData } from '@facet/contracts';
import { MailOutbox, OutgoingMail } from '../../mail';
import { loadConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { OrderMailReactor } from './order-mail.reactor';

/** The links in the order mails point to the shop's public origin, the one canonical links use (never a localhost listed first). */
describe('OrderMailReactor links', () => {
  const orderId = '0b6c2a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
  const requested = {
    order_id: orderId,
    kind: 'consultation',
    items: [{ product_id: 'p', product_name: 'Solitaire Ring', quantity: 1, unit_price_cents: 10000 }],
    subtotal_cents: 10000,
    shipping_cents: 0,
    tax_cents: 0,
    total_cents: 10000,
    shipping: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  } as unknown as OrderRequestedData;
  const event = (type: string, data: unknown) =>
    ({ type, data, metadata: { eventId: `${type}-1`, occurredAt: '2026-12-01T10:00:00.000Z' } }) as unknown as RecordedEvent<never>;

  async function mailsWith(env: NodeJS.ProcessEnv): Promise<OutgoingMail[]> {
    const sent: OutgoingMail[] = [];
    const outbox = { send: async (mail: OutgoingMail) => void sent.push(mail) } as unknown as MailOutbox;
    const es = { load: async () => [event('OrderRequested', requested)] } as unknown as EventSourcing;
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    const reactor = new OrderMailReactor(outbox, es, config);
    await reactor.react(event('OrderRequested', requested));
    await reactor.react(event('OrderExpired', { order_id: orderId }));
    return sent.filter((m) => m.to === 'ada@example.com');
  }

  it('should link to the first non-local of PUBLIC_ORIGINS, not a localhost listed first', async () => {
    const mails = await mailsWith({ PUBLIC_ORIGINS: 'http://localhost:5173,https://shop.facet.test' });
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(`https://shop.facet.test/orders/${orderId}`);
      expect(mail.html).toContain(`https://shop.facet.test/orders/${orderId}`);
      expect(mail.text).not.toContain('localhost');
    }
  });

  it('should link to PUBLIC_ORIGIN when it is configured', async () => {
    const mails = await mailsWith({ PUBLIC_ORIGIN: 'https://www.facet.test', PUBLIC_ORIGINS: 'http://localhost:5173' });
    expect(mails.map((m) => m.text).join('\n')).toContain(`https://www.facet.test/orders/${orderId}`);
  });
});
