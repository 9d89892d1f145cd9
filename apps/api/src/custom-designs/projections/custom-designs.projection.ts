import { assertNever, CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { ERASED, erasedColumn } from '../../platform/privacy/personal-data';
import { readModelSubjects, subjectsErasedBy, unlabelledRowsOf } from '../../platform/privacy/erasure-match';
import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { FoldProjection, idsIn, keyFrom, ReadModel, ReadModelProjection } from '../../platform/projections';
import { asTextParameter as text, uuidKey } from '../../platform/projections/row-values';
import { CUSTOM_DESIGN_EVENT_TYPES, CustomDesignEvent } from '../domain/custom-design';

type DesignsEvent = RecordedEvent<CustomDesignEvent | CustomerDeleted>;
/** A request's row in rm.custom_designs. */
export type CustomDesignRow = Record<string, unknown>;

/** The accounts among a batch's senders that are already erased (rm.custom_designs_erased_customers). */
type ErasedCustomers = ReadonlySet<string>;

const sender = (event: DesignsEvent) => (event.type === 'CustomDesignSubmitted' ? event.data.customer_id : null);

/** One request event's effect on its row (null: none yet, or deleted). */
function evolveDesign(row: CustomDesignRow | null, event: DesignsEvent, erased: ErasedCustomers = new Set()): CustomDesignRow | null {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CustomDesignSubmitted': {
      if (row) return row; // the first wins, as ON CONFLICT DO NOTHING did
      // Text values as the INSERT's parameters stored them (text(): an odd value as node-postgres sent it).
      const d = event.data;
      // Sent while the account was being erased, so recorded after the purge: written as the purge leaves it.
      const gone = !!d.customer_id && erased.has(keyFrom(d.customer_id)!);
      const personal = (v: unknown) => {
        const value = text(v);
        return gone && value !== null ? ERASED : value;
      };
      return {
        id: uuidKey(d.design_id),
        customer_id: text(d.customer_id),
        subject_ids: gone ? [ERASED] : readModelSubjects(d.customer_id, d.contact_email),
        status: 'pending',
        category: text(d.category),
        jewelry_type: text(d.jewelry_type),
        diamond_shape: text(d.diamond_shape),
        diamond_size: text(d.diamond_size),
        metal_type: text(d.metal_type),
        metal_karat: text(d.metal_karat),
        preferred_contact: text(d.preferred_contact),
        contact_name: personal(d.contact_name),
        contact_email: personal(d.contact_email),
        contact_phone: personal(d.contact_phone),
        design_notes: personal(d.design_notes),
        image_sha256: text(d.image?.sha256),
        image_mime: text(d.image?.mime),
        image_size: d.image?.size ?? null,
        version: event.revision,
        created_at: at,
        updated_at: at,
      };
    }
    case 'CustomDesignStatusChanged':
      return row && { ...row, status: text(event.data.to), version: event.revision, updated_at: at };
    case 'CustomDesignNoteAdded':
      return row && { ...row, version: event.revision, updated_at: at };
    case 'CustomDesignDeleted':
      return null;
    case CUSTOMER_DELETED:
      return row; // keyOf gives it no row: its work is the erasure effect's
    default:
      return assertNever(event);
  }
}

/**
 * The history's line of a request event (an append: written with the batch, ON CONFLICT DO NOTHING keeping a line
 * already there), its values as the one-line INSERT's parameters sent them.
 */
function historyLine(event: RecordedEvent<CustomDesignEvent>, note: unknown, from: unknown, to: unknown): Record<string, unknown>[] {
  return [
    {
      design_id: text(event.data.design_id),
      revision: event.revision,
      type: event.type,
      occurred_at: event.metadata.occurredAt,
      // jsonb: the value itself, as its JSON text was sent
      actor: event.metadata.actor ?? null,
      note: text(note),
      from_status: text(from),
      to_status: text(to),
    },
  ];
}

/**
 * rm.custom_designs declared as a fold: each request's row from its events (a request an erased account sent reads
 * as the purge leaves it: the erased accounts are the fold's context). Its history (a line per event) and an
 * erasure across a person's requests are effects: rows not the event's own.
 */
export const customDesignsReadModel: ReadModel<CustomDesignEvent | CustomerDeleted, CustomDesignRow, ErasedCustomers> = {
  name: 'custom_designs',
  table: 'custom_designs',
  key: 'id',
  eventTypes: [...CUSTOM_DESIGN_EVENT_TYPES, CUSTOMER_DELETED],
  keyOf: (event) => (event.type === CUSTOMER_DELETED ? null : uuidKey(event.data.design_id)),
  context: { load: (tx, events) => idsIn(tx, 'custom_designs_erased_customers', 'customer_id', events.map(sender)) },
  evolve: evolveDesign,
  appends: {
    CustomDesignSubmitted: {
      name: 'write the history line',
      table: 'custom_design_history',
      lines: (e) => historyLine(e, null, null, 'pending'),
    },
    CustomDesignStatusChanged: {
      name: 'write the history line',
      table: 'custom_design_history',
      lines: (e) => historyLine(e, e.data.note, e.data.from, e.data.to),
    },
    CustomDesignNoteAdded: {
      name: 'write the history line',
      table: 'custom_design_history',
      lines: (e) => historyLine(e, e.data.note, e.data.status, e.data.status),
    },
  },
  effects: {
    CustomDesignDeleted: {
      name: "delete the request's history",
      async run(tx, event) {
        await tx.query('DELETE FROM custom_design_history WHERE design_id = $1', [event.data.design_id]);
      },
    },
    [CUSTOMER_DELETED]: {
      name: "erase the customer's requests",
      async run(tx, event) {
        const d = event.data;
        // Their requests, signed in or sent as a guest from their account's e-mail (the subjects the event
        // names), found by index. The placeholder, as a replay opens these sealed fields without their key;
        // updated_at stays, since a replay cannot match guest rows by an e-mail that already reads "erased".
        const subjects = subjectsErasedBy(d);
        const unlabelled = await unlabelledRowsOf(tx, 'custom_designs', 'contact_email', d);
        // ARRAY(...): one list of ids, so the history's primary key serves the match.
        await tx.query(
          `UPDATE custom_design_history SET note = ${erasedColumn('note')}
           WHERE design_id = ANY(ARRAY(SELECT id FROM custom_designs WHERE subject_ids && $1::text[]) || $2::uuid[])`,
          [subjects, unlabelled],
        );
        await tx.query(
          `UPDATE custom_designs SET contact_name = ${erasedColumn('contact_name')}, contact_email = ${erasedColumn('contact_email')},
             contact_phone = ${erasedColumn('contact_phone')}, design_notes = ${erasedColumn('design_notes')}, subject_ids = ARRAY[$2::text]
           WHERE subject_ids && $1::text[] OR id = ANY($3::uuid[])`,
          [subjects, ERASED, unlabelled],
        );
        if (d.customer_id) {
          await tx.query('INSERT INTO custom_designs_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [d.customer_id]);
        }
      },
    },
  },
};

/**
 * rm.custom_designs (one row per request) and rm.custom_design_history (what happened to it, by whom, when), run
 * by the platform. A deleted customer's requests keep their shape but lose their personal fields.
 */
@Injectable()
@ReadModelProjection()
export class CustomDesignsProjection extends FoldProjection<CustomDesignEvent | CustomerDeleted> {
  constructor() {
    super(customDesignsReadModel);
  }
}
