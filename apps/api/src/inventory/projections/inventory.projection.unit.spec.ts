import { randomUUID } from 'crypto';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { foldEvents, foldWithLines } from '../../platform/projections/fold';
import { variantStockReadModel, VariantStockRow } from './inventory.projection';

type Event = Parameters<typeof variantStockReadModel.evolve>[1];

const VARIANT = 'v-ring-6';
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** A stock event of the variant's stream as the log hands it over. */
function recorded(type: string, data: Record<string, unknown>, revision: number): Event {
  return {
    type,
    data: { variant_id: VARIANT, product_id: 'p1', ...data },
    streamId: `stock-${VARIANT}`,
    revision,
    position: { commit: BigInt(revision), prepare: BigInt(revision) },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: at(revision),
      actor: { type: 'system' },
      correlationId: randomUUID(),
      causationId: null,
    },
  } as unknown as RecordedEvent as Event;
}

const rowAfter = (...events: Event[]): VariantStockRow | null => foldEvents(variantStockReadModel, events).get(VARIANT) ?? null;
const adjusted = (delta: number, revision: number) => recorded('StockAdjusted', { delta, reason: 'count', by: 'staff' }, revision);

describe('rm.variant_stock as a fold', () => {
  it('should open a variant at its first adjustment, with every column', () => {
    expect(rowAfter(adjusted(5, 0))).toEqual({
      variant_id: VARIANT,
      product_id: 'p1',
      on_hand: 5,
      reserved: 0,
      available: 5,
      version: 0,
      updated_at: at(0),
    });
  });

  it('should move the counts for a reservation, its release, its confirmation and a return', () => {
    const row = rowAfter(
      adjusted(5, 0),
      recorded('StockReserved', { order_id: 'o1', quantity: 2 }, 1),
      recorded('StockReserved', { order_id: 'o2', quantity: 1 }, 2),
      recorded('ReservationReleased', { order_id: 'o2', quantity: 1, reason: 'expired' }, 3),
      recorded('ReservationConfirmed', { order_id: 'o1', quantity: 2 }, 4),
      recorded('StockReturned', { order_id: 'o1', quantity: 1 }, 5),
    );
    expect(row).toEqual({ variant_id: VARIANT, product_id: 'p1', on_hand: 4, reserved: 0, available: 4, version: 5, updated_at: at(5) });
  });

  it('should never show fewer than none available', () => {
    expect(rowAfter(adjusted(1, 0), recorded('StockReserved', { order_id: 'o1', quantity: 3 }, 1))).toMatchObject({
      on_hand: 1,
      reserved: 3,
      available: 0,
    });
  });

  it('should skip a revision already applied, and keep the product the first event named', () => {
    const row = rowAfter(adjusted(5, 0), adjusted(2, 1), adjusted(100, 1), recorded('StockAdjusted', { delta: 1, product_id: 'p2' }, 2));
    expect(row).toMatchObject({ on_hand: 8, version: 2, product_id: 'p1' });
  });

  it('should read the counts as PostgreSQL gives them back', () => {
    const fromTable = { variant_id: VARIANT, product_id: 'p1', on_hand: 3, reserved: 1, available: 2, version: 4, updated_at: new Date(0) };
    expect(variantStockReadModel.evolve(fromTable, adjusted(-1, 5))).toMatchObject({ on_hand: 2, reserved: 1, available: 1, version: 5 });
    expect(variantStockReadModel.evolve(fromTable, adjusted(-1, 4))).toBe(fromTable);
  });

  it('should carry huge numbers to the row, for the integer columns to refuse as before', () => {
    expect(rowAfter(adjusted(2 ** 40, 0))).toMatchObject({ on_hand: 2 ** 40, available: 2 ** 40 });
  });

  it('should leave the reservations and a confirmed hold to named effects, and append the lines of the other movements', () => {
    const hold = recorded('ConsultationHoldConfirmed', { order_id: 'O1', by: 'staff' }, 0);
    expect(variantStockReadModel.keyOf(hold)).toBeNull();
    expect(Object.keys(variantStockReadModel.effects ?? {}).sort()).toEqual(
      ['ConsultationHoldConfirmed', 'ReservationConfirmed', 'ReservationReleased', 'StockReserved'].sort(),
    );
    // An append does not cut a batch: a run of adjustments and returns is folded and written at once.
    expect(Object.keys(variantStockReadModel.appends ?? {}).sort()).toEqual(['StockAdjusted', 'StockReturned']);
  });

  it('should append a ledger line with the counts after each movement it applied, and none for an older revision', () => {
    const { lines } = foldWithLines(variantStockReadModel, [
      adjusted(5, 0),
      recorded('StockReserved', { order_id: 'o1', quantity: 2 }, 1),
      recorded('StockReturned', { order_id: 'o1', quantity: 1 }, 2),
      adjusted(100, 1),
    ]);
    expect(lines).toEqual([
      {
        table: 'stock_ledger',
        line: {
          variant_id: VARIANT,
          revision: 0,
          product_id: 'p1',
          kind: 'adjusted',
          quantity: '5',
          on_hand_after: 5,
          reserved_after: 0,
          available_after: 5,
          order_id: null,
          reason: 'count',
          actor: 'staff',
          at: at(0),
        },
      },
      {
        table: 'stock_ledger',
        line: {
          variant_id: VARIANT,
          revision: 2,
          product_id: 'p1',
          kind: 'returned',
          quantity: '1',
          on_hand_after: 6,
          reserved_after: 2,
          available_after: 4,
          order_id: 'o1',
          reason: null,
          actor: 'system',
          at: at(2),
        },
      },
    ]);
  });

  it('should append hostile values as the one-line INSERT sent them', () => {
    const odd = recorded('StockAdjusted', { delta: 2 ** 40, reason: 'A\u0000\udc00', by: { id: 7 } }, 0);
    expect(foldWithLines(variantStockReadModel, [odd]).lines[0].line).toMatchObject({
      quantity: String(2 ** 40),
      reason: 'A\u0000\udc00',
      actor: '{"id":7}',
    });
  });

  it('should fold in the log order', () => {
    const reserve = recorded('StockReserved', { order_id: 'o1', quantity: 2 }, 1);
    expect(rowAfter(adjusted(1, 0), reserve)).toMatchObject({ available: 0, version: 1 });
    expect(rowAfter(reserve, adjusted(1, 0))).toMatchObject({ on_hand: 0, reserved: 2, version: 1 });
  });

  it('should be pure: the row it is given stays as it was', () => {
    const row = Object.freeze(rowAfter(adjusted(5, 0))!);
    variantStockReadModel.evolve(row, adjusted(1, 1));
    expect(row.on_hand).toBe(5);
  });
});
