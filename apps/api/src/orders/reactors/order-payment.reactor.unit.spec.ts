import type { PaymentEvent } from '@facet/contracts';
import { ConcurrencyError, RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError } from '../../platform/domain/errors';
import { DatabaseService } from '../../platform/database/database.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import { OrderPaymentReactor } from './order-payment.reactor';

const succeeded: RecordedEvent<Extract<PaymentEvent, { type: 'PaymentSucceeded' }>> = {
  type: 'PaymentSucceeded',
  streamId: 'payment-cs_1',
  revision: 1,
  position: { commit: 1n, prepare: 1n },
  data: { order_id: 'o1', session_id: 'cs_1', amount_cents: 1000, currency: 'usd', method: 'card', card_last_4: '4242' },
  metadata: {
    eventId: 'e1',
    schemaVersion: 2,
    occurredAt: new Date().toISOString(),
    correlationId: 'c1',
    causationId: null,
    actor: { type: 'system' },
  },
};

/** The reactor tells a final refusal from a race by the error's class, never by its message. */
describe('OrderPaymentReactor errors', () => {
  // An order stream with no subject (recorded before orders had one): no key to look up, no lock to take.
  const reactorThrowing = (err: Error) =>
    new OrderPaymentReactor(
      { decide: () => Promise.reject(err), load: () => Promise.resolve([]) } as unknown as EventSourcing,
      {} as PersonalData,
      {} as DatabaseService,
    );

  it('should let a business refusal go (the order is already paid or cancelled): retrying would block the reactor', async () => {
    await expect(reactorThrowing(new ConflictError('This order was cancelled.')).react(succeeded)).resolves.toBeUndefined();
  });

  it('should throw a ConcurrencyError so the event is tried again, whatever its message says', async () => {
    const race = new ConcurrencyError('order-o1', 3, 4, 'anything at all');
    await expect(reactorThrowing(race).react(succeeded)).rejects.toBe(race);
  });

  it('should throw infrastructure errors too', async () => {
    await expect(reactorThrowing(new Error('connect ECONNREFUSED')).react(succeeded)).rejects.toThrow('ECONNREFUSED');
  });
});
