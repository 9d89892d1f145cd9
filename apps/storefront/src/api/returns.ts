import type { OrderReturns, ReturnView } from '@facet/contracts';
import { api } from './client';

/** The returns of an order (issue 51): for its signed-in customer, the holder of its mails' link (`access`), or the browser that placed it. */
export const returnsApi = {
  forOrder: (orderId: string, access: string | null, signal?: AbortSignal) =>
    api.get<OrderReturns>(`/orders/${encodeURIComponent(orderId)}/returns`, { query: { access }, signal }),
  request: (orderId: string, access: string | null, body: { lines: { line: number; quantity: number }[]; reason: string }, key: string) =>
    api.post<ReturnView>(`/orders/${encodeURIComponent(orderId)}/returns`, body, {
      query: { access },
      headers: { 'Idempotency-Key': key },
    }),
};
