import { OpenSessionsOfOrderHandler } from './open-sessions-of-order.query';

export const QUERY_HANDLERS = [OpenSessionsOfOrderHandler];
