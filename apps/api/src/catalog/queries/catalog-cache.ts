import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DatabaseService } from '../../platform/database/database.service';
import { PROJECTION_STATUS } from '../../platform/event-store/event-sourcing.service';
import { ProjectionStatus } from '../../platform/projections/projection-status';
import { bytesOf, ByteBoundedMap } from '../../platform/caching/byte-bounded-map';
import { INVENTORY_READ_MODEL } from '../inventory.port';

const TTL_MS = 60_000;
/** Keys and answers at most this much in all, the oldest going first. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

interface Entry {
  at: number;
  value: Promise<unknown>;
  /** The answer's size once it has come: its JSON, doubled for the objects (headers, pointers) that hold it. */
  bytes: number;
}

/**
 * Catalogue answers kept in memory until the products or the inventory projection commits again, in this
 * process or any other (ProjectionStatus hears every process through NOTIFY). The catalogue is read far more than written.
 */
@Injectable()
export class CatalogCache implements OnModuleDestroy {
  private readonly entries = new ByteBoundedMap<string, Entry>(MAX_KEPT_BYTES, (entry) => entry.bytes);
  private readonly unsubscribe: () => void;

  constructor(
    @Inject(PROJECTION_STATUS) status: ProjectionStatus,
    private readonly db: DatabaseService,
  ) {
    // Lists say whether a piece can be ordered (ORDERABLE_SQL), which moves with the inventory's counts too.
    const clear = () => this.entries.clear();
    const unsubscribers = [status.onAdvanced('products', clear), status.onAdvanced(INVENTORY_READ_MODEL, clear)];
    this.unsubscribe = () => unsubscribers.forEach((off) => off());
  }

  /**
   * The products projection's position ("commit-prepare") and the inventory's after it when it has one
   * ("commit-prepare-commit-prepare"), which name the catalogue's current state: HTTP ETags derive from it.
   * Read before the answer it describes, and cleared with the answers, so an ETag is never newer than its body.
   */
  version(): Promise<string> {
    return this.get('version', async () => {
      const rows = await this.db.query<{ name: string; c: string; p: string }>(
        `SELECT name, commit_pos::text AS c, prepare_pos::text AS p FROM projection_checkpoints WHERE name = ANY($1::text[])`,
        [['products', INVENTORY_READ_MODEL]],
      );
      const at = (name: string) => rows.find((r) => r.name === name);
      const products = at('products');
      const inventory = at(INVENTORY_READ_MODEL);
      return [products ? `${products.c}-${products.p}` : '0-0', ...(inventory ? [`${inventory.c}-${inventory.p}`] : [])].join('-');
    });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
    const value = load();
    const entry: Entry = { at: Date.now(), value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (answer) => {
        // Unless cleared (the catalogue moved) or replaced meanwhile.
        if (this.entries.get(key) !== entry) return;
        entry.bytes = 2 * bytesOf(JSON.stringify(answer) ?? '');
        this.entries.remeasure(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** The bytes counted for what is kept now, keys included. */
  get keptBytes(): number {
    return this.entries.bytes;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
