import { GetAdminOrderHandler } from './get-admin-order.query';
import { GetOrderHandler } from './get-order.query';
import { ListOrdersHandler } from './list-orders.query';
import { MyOrdersHandler } from './my-orders.query';
import { OrderedUnitsHandler } from './ordered-units.query';
import { GetOrderPageHandler } from './order-page.query';
import { OrdersHoldingErasureHandler } from './orders-holding-erasure.query';
import { PayableOrderHandler } from './payable-order.query';

export const QUERY_HANDLERS = [
  GetOrderHandler,
  MyOrdersHandler,
  ListOrdersHandler,
  GetAdminOrderHandler,
  PayableOrderHandler,
  OrderedUnitsHandler,
  GetOrderPageHandler,
  OrdersHoldingErasureHandler,
];
