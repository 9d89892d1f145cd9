import { ChangeOrderStatusHandler, ConfirmConsultationHoldHandler } from './change-order-status.handler';
import { PlaceOrderHandler } from './place-order.handler';
import { RecordCheckoutOpenedHandler } from './record-checkout-opened.handler';

export const COMMAND_HANDLERS = [PlaceOrderHandler, ChangeOrderStatusHandler, RecordCheckoutOpenedHandler, ConfirmConsultationHoldHandler];
