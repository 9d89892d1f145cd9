import type { QueryResultRow } from 'pg';
import type { DatabaseService } from './database.service';

/**
 * The one way list queries build their WHERE clause: conditions with `?` for the value (one value per
 * condition, used as often as the condition names it), numbered into $n parameters. Nothing from a request
 * is ever spliced into the SQL text; sort columns come from whitelists in the queries themselves.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds `condition` with its value bound to every `?` in it. */
  where(condition: string, value: unknown): this {
    this.params.push(value);
    this.conditions.push(condition.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** Adds `condition` with its `?`s bound to `values` in turn, one value each. */
  whereEach(condition: string, values: unknown[]): this {
    let next = 0;
    const numbered = condition.replaceAll('?', () => {
      if (next >= values.length) throw new Error(`more ? than values in: ${condition}`);
      this.params.push(values[next++]);
      return `$${this.params.length}`;
    });
    if (next !== values.length) throw new Error(`more values than ? in: ${condition}`);
    this.conditions.push(numbered);
    return this;
  }

  /** Adds `condition` only when value is neither undefined, null nor ''. */
  whereGiven(condition: string, value: unknown): this {
    return value === undefined || value === null || value === '' ? this : this.where(condition, value);
  }

  /** `WHERE a AND b`, or '' when there are no conditions. */
  get sql(): string {
    return this.conditions.length ? `WHERE ${this.condition}` : '';
  }

  /** `a AND b` alone (as in count(*) FILTER (WHERE …)), or `true` when there are no conditions. */
  get condition(): string {
    return this.conditions.length ? this.conditions.join(' AND ') : 'true';
  }

  /** The parameters followed by LIMIT and OFFSET for a page, and their $n markers. */
  page(page: number, limit: number): { sql: string; params: unknown[] } {
    const n = this.params.length;
    return { sql: `LIMIT $${n + 1} OFFSET $${n + 2}`, params: [...this.params, limit, (page - 1) * limit] };
  }
}

/** LIKE's own characters (\ % _) taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE/ILIKE pattern for "contains this text", the text taken literally. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `column ASC|DESC NULLS LAST, id ASC`: a whitelisted sort column, with the id keeping pages stable. */
export function sortedBy(column: string, order: 'asc' | 'desc'): string {
  return `${column} ${order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, id ASC`;
}

/**
 * One page of a list and how many rows match in all: `SELECT columns FROM from WHERE … ORDER BY orderBy`
 * with LIMIT and OFFSET. `from` and `orderBy` are the query's own text (orderBy from its sort whitelist).
 */
export async function selectPage<R extends QueryResultRow>(
  db: Pick<DatabaseService, 'one' | 'query'>,
  select: { columns: string; from: string; orderBy: string },
  filter: SqlFilter,
  page: number,
  limit: number,
): Promise<{ rows: R[]; total: number }> {
  const total = Number((await db.one<{ n: string }>(`SELECT count(*) AS n FROM ${select.from} ${filter.sql}`, filter.params))?.n ?? 0);
  const paging = filter.page(page, limit);
  const rows = await db.query<R>(
    `SELECT ${select.columns} FROM ${select.from} ${filter.sql} ORDER BY ${select.orderBy} ${paging.sql}`,
    paging.params,
  );
  return { rows, total };
}
