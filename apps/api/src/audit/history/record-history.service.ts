import { Inject, Injectable } from '@nestjs/common';
import { type FacetEvent, readEvent, type SomeEvent, spreadsheetSafe, toDollars, UnknownEventError } from '@facet/contracts';
import { CATALOGUE_STREAM, InventoryCleared, product, PRODUCT_EVENT_TYPES, ProductState, withInventoryClears } from '../../catalog';
import { EVENT_STORE, EventStore, RecordedEvent, START } from '../../platform/event-store/event-store';
import { DomainError, NotFoundError } from '../../platform/domain/errors';
import { ERASED, PersonalData } from '../../platform/privacy/personal-data';
import { redactClearPersonalData, redactIdentifiers, withoutGuestSubjects } from '../../platform/privacy/event-redaction';
import { redactSecrets } from '../queries/audit-log';
import { diffVersions, eventsAsOf, FieldChange, foldTo, HistoryEvent } from './as-of';
import { recordKindOf } from './record-kinds';

export class ErasedError extends DomainError {
  constructor() {
    super(410, 'This person was erased: their record can no longer be shown as it was.');
  }
}

export interface CatalogueRow {
  id: string;
  name: string;
  category: string;
  price: number;
  original_price: number | null;
  in_stock: boolean;
  revision: number;
  last_changed_at: string;
}

/** A record as of any moment, and the difference between two of its versions, folded by the write side's deciders. */
@Injectable()
export class RecordHistory {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly privacy: PersonalData,
  ) {}

  /** The record's events (personal data opened), its kind, and its state after `revision` or at `asOf`. */
  async asOf(
    streamId: string,
    asOf?: Date,
    atRevision?: number,
  ): Promise<{ kind: string | null; revision: number; state: unknown; events: RecordedEvent<SomeEvent>[] }> {
    const { kind, recorded, history } = await this.load(streamId);
    // A version that does not exist is a 404, as the diff says: answering the last one instead showed a
    // state under a version number it never had.
    if (atRevision !== undefined) versionExists(history, atRevision);
    const upTo = atRevision === undefined ? eventsAsOf(history, asOf) : history.filter((e) => e.revision <= atRevision);
    const revision = upTo.length ? upTo[upTo.length - 1].revision : -1;
    const state = kind ? withoutGuestSubjects(redactSecrets(foldTo(kind.decider, upTo, revision))) : null;
    return { kind: kind?.name ?? null, revision, state, events: recorded.slice(0, upTo.length) };
  }

  async diff(streamId: string, from: number, to: number): Promise<{ kind: string; from: number; to: number; changes: FieldChange[] }> {
    const { kind, history } = await this.load(streamId);
    if (!kind) throw new NotFoundError('This record has no versions to compare.');
    versionExists(history, to);
    // Secrets (password and code hashes, tokens) are never shown, even to staff.
    // Nor a guest's subject (event-redaction.ts says why).
    const changes = diffVersions(kind.decider, history, from, to).map((c) =>
      SECRET_FIELD.test(c.field) ? { ...c, before: '[redacted]', after: '[redacted]' } : withoutGuestSubjects(c),
    );
    return { kind: kind.name, from, to, changes };
  }

  private async load(streamId: string) {
    // Any type and version, as recorded: what this release cannot read is shown all the same (readable below).
    const recorded: RecordedEvent<SomeEvent>[] = await this.store.readStream(streamId);
    if (recorded.length === 0) throw new NotFoundError();
    const kind = recordKindOf(streamId);
    if (kind?.erasedBy && recorded.some((e) => e.type === kind.erasedBy)) throw new ErasedError();
    // Clear text of events written before it was sealed (an engraving, a tracking number) once its person is erased.
    const shown = await redactClearPersonalData(recorded, this.privacy.keys);
    const history: HistoryEvent[] = await Promise.all(
      shown.map(async (e) => {
        const opened = { type: e.type, data: await this.privacy.openDeep(e.data, ERASED) };
        const current = readable(opened, e.metadata.schemaVersion);
        return {
          type: e.type,
          data: redactIdentifiers(e.type, current ? current.data : opened.data),
          revision: e.revision,
          occurredAt: e.metadata.occurredAt,
          actor: e.metadata.actor,
          correlationId: e.metadata.correlationId,
          causationId: e.metadata.causationId,
          readable: current !== null,
        };
      }),
    );
    return { kind, recorded, history };
  }

  /**
   * The catalogue as it stood at `asOf`: every product stream (and the catalogue stream's inventory
   * clears) replayed up to that moment with the products' own evolve; listed products only.
   */
  async catalogueAsOf(asOf: Date): Promise<CatalogueRow[]> {
    const limit = asOf.getTime();
    const states = new Map<string, { state: ProductState; revision: number; at: string }>();
    const clears: InventoryCleared[] = [];
    let after = START;
    for (;;) {
      const page = await this.store.readAll({ after, limit: 2000, eventTypes: PRODUCT_EVENT_TYPES });
      if (page.length === 0) break;
      for (const e of page) {
        if (Date.parse(e.metadata.occurredAt) > limit) continue;
        // An event this release cannot read is left out of the catalogue as it stood, never a reason to fail.
        const event = readable(e, e.metadata.schemaVersion);
        if (e.streamId === CATALOGUE_STREAM) {
          if (event?.type === 'InventoryCleared') clears.push(event);
          continue;
        }
        if (event?.type !== 'ProductCreated' && event?.type !== 'ProductEdited' && event?.type !== 'ProductDeleted') continue;
        const id = e.streamId.slice('product-'.length);
        const current = states.get(id)?.state ?? product.initialState();
        states.set(id, { state: product.evolve(current, event), revision: e.revision, at: e.metadata.occurredAt });
      }
      after = page[page.length - 1].position;
    }
    const rows: CatalogueRow[] = [];
    for (const [id, { state, revision, at }] of states) {
      // Every clear kept occurred at or before `asOf` (the loop above leaves later ones out).
      const s = withInventoryClears(state, id, clears);
      if (s.status !== 'listed' || !s.fields) continue;
      const f = s.fields;
      rows.push({
        id,
        name: f.name,
        category: f.category,
        price: toDollars(f.price_cents),
        original_price: f.original_price_cents === null ? null : toDollars(f.original_price_cents),
        in_stock: f.in_stock,
        revision,
        last_changed_at: new Date(at).toISOString(),
      });
    }
    return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
}

/**
 * The event as this release reads it (its data upcast to today's version), or null when its type or version is
 * one this release does not read: the audit shows such an event as recorded and folds nothing of it, where a
 * projection or a command would refuse it (readRecorded).
 */
function readable(event: SomeEvent, schemaVersion: number | undefined): FacetEvent | null {
  try {
    // readEvent checked the type against the schema tables and returned its data in that type's current shape.
    return { type: event.type, data: readEvent(event.type, schemaVersion, event.data) } as FacetEvent;
  } catch (err) {
    if (err instanceof UnknownEventError) return null;
    throw err;
  }
}

/** Versions are numbered 0 to the last; -1 is "before the record existed". */
function versionExists(history: HistoryEvent[], revision: number): void {
  const last = history.length - 1;
  if (revision > last) throw new NotFoundError(`This record has versions 0 to ${last}.`);
}

const SECRET_FIELD = /(password|hash|token|secret|otp|(^|\.)code$)/i;

/** CSV for spreadsheets: quoted where needed, and cells that a spreadsheet would run as a formula defused. */
export function toCsv(rows: CatalogueRow[]): string {
  const header = ['id', 'name', 'category', 'price', 'original_price', 'in_stock', 'revision', 'last_changed_at'];
  const cell = (v: unknown) => {
    const safe: unknown = v === null || v === undefined ? '' : spreadsheetSafe(v);
    const s = String(safe);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header.join(','), ...rows.map((r) => header.map((h) => cell(r[h as keyof CatalogueRow])).join(','))].join('\r\n') + '\r\n';
}
