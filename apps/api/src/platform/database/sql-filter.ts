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

  /** Adds `condition` only when value is neither undefined, null nor ''. */
  whereGiven(condition: string, value: unknown): this {
    return value === undefined || value === null || value === '' ? this : this.where(condition, value);
  }

  /** `WHERE a AND b`, or '' when there are no conditions. */
  get sql(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
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
