import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DatabaseService } from '../../platform/database/database.service';
import { PROJECTION_STATUS } from '../../platform/event-store/event-sourcing.service';
import { ProjectionStatus } from '../../platform/projections/projection-status';

const MAX_ENTRIES = 1000;
const TTL_MS = 60_000;

/**
 * Catalogue answers kept in memory until the products projection commits again, in this process or any
 * other (ProjectionStatus hears every process through NOTIFY). The catalogue is read far more than written.
 */
@Injectable()
export class CatalogCache implements OnModuleDestroy {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly unsubscribe: () => void;

  constructor(
    @Inject(PROJECTION_STATUS) status: ProjectionStatus,
    private readonly db: DatabaseService,
  ) {
    this.unsubscribe = status.onAdvanced('products', () => this.entries.clear());
  }

  /**
   * The products projection's position ("commit-prepare"), which names the catalogue's current state: HTTP
   * ETags derive from it. Read before the answer it describes, and cleared with the answers, so an ETag is
   * never newer than its body.
   */
  version(): Promise<string> {
    return this.get('version', async () => {
      const row = await this.db.one<{ c: string; p: string }>(
        `SELECT commit_pos::text AS c, prepare_pos::text AS p FROM projection_checkpoints WHERE name = 'products'`,
      );
      return row ? `${row.c}-${row.p}` : '0-0';
    });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
