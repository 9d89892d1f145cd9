import { Injectable } from '@nestjs/common';
import { assertNever, ReturnEvent, ReturnLineData, ReturnStatus } from '@facet/contracts';
import { FoldProjection, ReadModel, ReadModelProjection } from '../../platform/projections';
import { RETURN_EVENT_TYPES } from '../domain/order-returns';

/** One step of a return as rm.returns keeps it: its time, the status it reached, the note the shopper sees. */
export interface ReturnStepRow {
  at: string;
  status: ReturnStatus;
  note: string;
}

/** A row of rm.returns. */
export interface ReturnRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  status: ReturnStatus;
  reason: string;
  lines: ReturnLineData[];
  note: string;
  refund_cents: number | string | null;
  restocking_fee_cents: number | string | null;
  refund_id: string | null;
  exchange_variant_id: string | null;
  history: ReturnStepRow[];
  requested_at: string;
  updated_at: string;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

/** rm.returns: each return of each order, its status, the staff note the shopper reads, and every step. */
export const returnsReadModel: ReadModel<ReturnEvent, ReturnRow> = {
  name: 'returns',
  table: 'returns',
  key: 'id',
  eventTypes: RETURN_EVENT_TYPES,
  keyOf: (event) => event.data.return_id,
  evolve(row, event) {
    const at = iso(event.metadata.occurredAt);
    if (event.type === 'ReturnRequested') {
      if (row) return row; // recorded once; a second copy changes nothing
      const d = event.data;
      return {
        id: d.return_id,
        order_id: d.order_id,
        status: 'requested',
        reason: d.reason,
        lines: d.lines,
        note: '',
        refund_cents: null,
        restocking_fee_cents: null,
        refund_id: null,
        exchange_variant_id: null,
        history: [{ at, status: 'requested', note: '' }],
        requested_at: at,
        updated_at: at,
      };
    }
    if (!row) return null; // a step of a return this model never saw requested (cannot happen: one stream)
    const step = (status: ReturnStatus, note: string, extra: Partial<ReturnRow> = {}): ReturnRow => ({
      ...row,
      requested_at: iso(row.requested_at),
      ...extra,
      status,
      history: [...row.history, { at, status, note }],
      updated_at: at,
    });
    switch (event.type) {
      case 'ReturnApproved':
        return step('approved', event.data.note, { note: event.data.note });
      case 'ReturnRefused':
        return step('refused', event.data.note, { note: event.data.note });
      case 'ReturnReceived':
        return step('received', '');
      case 'ReturnRefunded':
        return step('refunded', '', {
          refund_cents: event.data.amount_cents,
          restocking_fee_cents: event.data.restocking_fee_cents,
          refund_id: event.data.refund_id,
        });
      case 'ReturnExchanged':
        return step('exchanged', '', { exchange_variant_id: event.data.variant_id });
      default:
        return assertNever(event);
    }
  },
};

@Injectable()
@ReadModelProjection()
export class ReturnsProjection extends FoldProjection<ReturnEvent> {
  constructor() {
    super(returnsReadModel);
  }
}
