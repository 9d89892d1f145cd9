import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import {
  canOpenPaymentSession,
  ERASED_ORDER_MESSAGE,
  order,
  OrderEvent,
  OrderState,
  orderStream,
  orderSubject,
  unpayableMessage,
} from '../domain/order';
import { OrderPayer, PayableOrder, PayableOrderQuery } from '../order-payments.port';

/** The port's question from payments (order-payments.port.ts), answered from the order's own stream, not the read model. */
@QueryHandler(PayableOrderQuery)
export class PayableOrderHandler implements IQueryHandler<PayableOrderQuery, PayableOrder> {
  constructor(
    private readonly es: EventSourcing,
    private readonly privacy: PersonalData,
  ) {}

  async execute({ orderId, payer }: PayableOrderQuery): Promise<PayableOrder> {
    const history = await this.es.load<OrderEvent>(orderStream(orderId));
    if (history.length === 0) throw new NotFoundError();
    const state = fold(order, history);
    // Before any other answer: a 409 would tell a stranger the order exists and how it stands.
    if (!ownedBy(state, orderId, payer)) throw new NotFoundError();
    if (!canOpenPaymentSession(state)) throw new ConflictError(unpayableMessage(state));
    // Placed while its customer's account was being erased: its delivery details are gone with the key.
    if (state.subjectId && (await this.privacy.keys.keyGone(state.subjectId))) throw new ConflictError(ERASED_ORDER_MESSAGE);
    return {
      orderId,
      totalCents: state.totalCents,
      lines: state.charges,
      openSession: state.openSession,
      payBy: state.payBy,
      revision: history.length - 1,
    };
  }
}

/** The signed-in customer it was placed from, or the browser that placed it (or opened a checkout for it as its customer). */
function ownedBy(state: OrderState, orderId: string, payer: OrderPayer): boolean {
  if (payer.customerId && state.subjectId === orderSubject(payer.customerId, '')) return true;
  return payer.ordersWithAccess.includes(orderId);
}
