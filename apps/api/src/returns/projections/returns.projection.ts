import { Injectable } from '@nestjs/common';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, ReturnEvent, ReturnLineData, ReturnStatus } from '@facet/contracts';
import { subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { ERASED } from '../../platform/privacy/personal-data';
import { FoldProjection, ReadModel, ReadModelProjection } from '../../platform/projections';
import { RETURN_EVENT_TYPES } from '../domain/order-returns';

/** What rm.returns reads: the returns' events, and the customers' erasure (their reasons and notes leave it). */
type ReturnsProjectionEvent = ReturnEvent | CustomerDeleted;

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
  /** The order's data subject; "erased" once it is (the reason and notes then read "erased" too). */
  subject_id: string;
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

/**
 * rm.returns: each return of each order, its status, the staff note the shopper reads, and every step. Replayed
 * after an erasure, the sealed reason and notes open as "erased", and the row reads as the live purge leaves it.
 */
export const returnsReadModel: ReadModel<ReturnsProjectionEvent, ReturnRow> = {
  name: 'returns',
  table: 'returns',
  key: 'id',
  eventTypes: [...RETURN_EVENT_TYPES, CUSTOMER_DELETED],
  keyOf: (event) => (event.type === CUSTOMER_DELETED ? null : event.data.return_id),
  evolve(row, event) {
    if (event.type === CUSTOMER_DELETED) return row; // its work is the effect below
    const at = iso(event.metadata.occurredAt);
    if (event.type === 'ReturnRequested') {
      if (row) return row; // recorded once; a second copy changes nothing
      const d = event.data;
      return {
        id: d.return_id,
        order_id: d.order_id,
        subject_id: d.reason === ERASED ? ERASED : d.subject_id,
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
  effects: {
    [CUSTOMER_DELETED]: {
      name: "erase the reasons and notes of the customer's returns",
      async run(tx, event) {
        await tx.query(
          `UPDATE returns SET subject_id = $2, reason = $2, note = CASE WHEN note = '' THEN '' ELSE $2 END,
             history = (SELECT coalesce(jsonb_agg(CASE WHEN h->>'note' = '' THEN h ELSE jsonb_set(h, '{note}', to_jsonb($2::text)) END
                        ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(history) WITH ORDINALITY AS e(h, n))
           WHERE subject_id = ANY($1::text[])`,
          [subjectsErasedBy(event.data), ERASED],
        );
      },
    },
  },
};

@Injectable()
@ReadModelProjection()
export class ReturnsProjection extends FoldProjection<ReturnsProjectionEvent> {
  constructor() {
    super(returnsReadModel);
  }
}
