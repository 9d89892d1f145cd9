import { randomUUID } from 'crypto';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { foldEvents, foldWithLines } from '../../platform/projections/fold';
import { CustomDesignRow, customDesignsReadModel } from './custom-designs.projection';

type Event = Parameters<typeof customDesignsReadModel.evolve>[1];

const DESIGN = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** An event of the request's stream as the log hands it over. */
function recorded(type: string, data: Record<string, unknown>, revision = 0): Event {
  return {
    type,
    data,
    streamId: `custom-design-${DESIGN}`,
    revision,
    position: { commit: BigInt(revision), prepare: BigInt(revision) },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: at(revision),
      actor: { type: 'anonymous' },
      correlationId: randomUUID(),
      causationId: null,
    },
  } as unknown as RecordedEvent as Event;
}

const REQUEST = {
  category: 'rings',
  jewelry_type: 'engagement',
  diamond_shape: 'oval',
  diamond_size: '1ct',
  metal_type: 'platinum',
  metal_karat: '950',
  preferred_contact: 'email',
  contact_name: 'Ada',
  contact_email: 'ada@example.com',
  contact_phone: '+1555',
  design_notes: 'Low setting',
};
const submitted = (data: Record<string, unknown> = {}) =>
  recorded('CustomDesignSubmitted', { design_id: DESIGN, customer_id: null, image: null, ...REQUEST, ...data });
const rowAfter = (...events: Event[]): CustomDesignRow | null => foldEvents(customDesignsReadModel, events).get(DESIGN) ?? null;

describe('rm.custom_designs as a fold', () => {
  it('should write every column of a request sent by a guest, its subjects from the e-mail', () => {
    const row = rowAfter(submitted({ image: { sha256: 'ab', mime: 'image/png', size: 10 } }));
    expect(row).toEqual({
      id: DESIGN,
      customer_id: null,
      subject_ids: expect.arrayContaining([expect.stringMatching(/^(email|guest):/)]),
      status: 'pending',
      ...REQUEST,
      image_sha256: 'ab',
      image_mime: 'image/png',
      image_size: 10,
      version: 0,
      created_at: at(0),
      updated_at: at(0),
    });
  });

  it("should label a signed-in customer's request with their account", () => {
    expect(rowAfter(submitted({ customer_id: 'c-1' }))).toMatchObject({ customer_id: 'c-1', subject_ids: ['customer:c-1'] });
  });

  it('should keep the first of two submissions of one request', () => {
    expect(rowAfter(submitted(), submitted({ design_id: DESIGN.toUpperCase(), contact_name: 'Other' }))?.contact_name).toBe('Ada');
  });

  it('should move the status on a change and only the version on a note', () => {
    const row = rowAfter(
      submitted(),
      recorded('CustomDesignStatusChanged', { design_id: DESIGN, from: 'pending', to: 'in_review', note: null, by: {} }, 1),
      recorded('CustomDesignNoteAdded', { design_id: DESIGN, status: 'in_review', note: 'called', by: {} }, 2),
    );
    expect(row).toMatchObject({ status: 'in_review', version: 2, updated_at: at(2), created_at: at(0) });
  });

  it('should delete a request, and leave no row for changes to one never sent', () => {
    expect(rowAfter(submitted(), recorded('CustomDesignDeleted', { design_id: DESIGN, by: {}, image_sha256: null }, 1))).toBeNull();
    expect(rowAfter(recorded('CustomDesignNoteAdded', { design_id: DESIGN, status: 'pending', note: 'x', by: {} }, 1))).toBeNull();
  });

  it('should open a request replayed after its erasure with the placeholders its events open as', () => {
    const row = rowAfter(submitted({ contact_name: 'erased', contact_email: 'erased', contact_phone: null, design_notes: 'erased' }));
    expect(row).toMatchObject({ contact_name: 'erased', contact_email: 'erased', contact_phone: null, subject_ids: ['erased'] });
  });

  it('should write a request an erased account sent as the purge leaves it: personal fields (those it has) erased', () => {
    const event = submitted({ customer_id: 'c-1', contact_phone: null });
    const row = foldEvents(customDesignsReadModel, [event], new Map(), new Set(['c-1'])).get(DESIGN);
    expect(row).toMatchObject({
      customer_id: 'c-1',
      subject_ids: ['erased'],
      contact_name: 'erased',
      contact_email: 'erased',
      contact_phone: null,
      design_notes: 'erased',
      category: 'rings',
    });
    // Another account's erasure leaves it as sent.
    expect(foldEvents(customDesignsReadModel, [event], new Map(), new Set(['c-2'])).get(DESIGN)).toEqual(rowAfter(event));
  });

  it('should carry hostile text to the row as the event holds it', () => {
    expect(rowAfter(submitted({ contact_name: 'A\u0000', design_notes: '\udc00' }))).toMatchObject({
      contact_name: 'A\u0000',
      design_notes: '\udc00',
    });
  });

  it('should leave the history and the erasure to named effects', () => {
    const deleted = recorded('CustomerDeleted', { customer_id: 'c-1', email: 'ada@example.com' });
    expect(customDesignsReadModel.keyOf(deleted)).toBeNull();
    expect(foldEvents(customDesignsReadModel, [submitted(), deleted]).get(DESIGN)).toEqual(rowAfter(submitted()));
    expect(Object.keys(customDesignsReadModel.effects ?? {}).sort()).toEqual(['CustomDesignDeleted', 'CustomerDeleted'].sort());
    // The history lines only append: they do not cut a batch.
    expect(Object.keys(customDesignsReadModel.appends ?? {}).sort()).toEqual(
      ['CustomDesignNoteAdded', 'CustomDesignStatusChanged', 'CustomDesignSubmitted'].sort(),
    );
  });

  it('should append a history line per request event, as the one-line INSERT sent it', () => {
    const by = { type: 'staff', id: 's-1' };
    const changed = recorded('CustomDesignStatusChanged', { design_id: DESIGN, from: 'pending', to: 'quoted', note: 'Call back', by }, 1);
    const noted = recorded('CustomDesignNoteAdded', { design_id: DESIGN, status: 'quoted', note: { odd: 1 }, by }, 2);
    const { lines } = foldWithLines(customDesignsReadModel, [submitted(), changed, noted]);
    expect(lines.map((l) => l.table)).toEqual(['custom_design_history', 'custom_design_history', 'custom_design_history']);
    expect(lines.map((l) => l.line)).toEqual([
      {
        design_id: DESIGN,
        revision: 0,
        type: 'CustomDesignSubmitted',
        occurred_at: at(0),
        actor: { type: 'anonymous' },
        note: null,
        from_status: null,
        to_status: 'pending',
      },
      {
        design_id: DESIGN,
        revision: 1,
        type: 'CustomDesignStatusChanged',
        occurred_at: at(1),
        actor: { type: 'anonymous' },
        note: 'Call back',
        from_status: 'pending',
        to_status: 'quoted',
      },
      {
        design_id: DESIGN,
        revision: 2,
        type: 'CustomDesignNoteAdded',
        occurred_at: at(2),
        actor: { type: 'anonymous' },
        note: '{"odd":1}',
        from_status: 'quoted',
        to_status: 'quoted',
      },
    ]);
  });

  it('should fold in the log order: a status change after a deletion finds no row', () => {
    const changed = recorded('CustomDesignStatusChanged', { design_id: DESIGN, from: 'pending', to: 'quoted', note: null, by: {} }, 2);
    expect(
      rowAfter(submitted(), recorded('CustomDesignDeleted', { design_id: DESIGN, by: {}, image_sha256: null }, 1), changed),
    ).toBeNull();
  });

  it('should be pure: the row it is given stays as it was', () => {
    const row = Object.freeze(rowAfter(submitted())!);
    customDesignsReadModel.evolve(row, recorded('CustomDesignStatusChanged', { design_id: DESIGN, to: 'quoted', by: {} }, 1));
    expect(row.status).toBe('pending');
  });
});
