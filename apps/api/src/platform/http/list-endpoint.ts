import type { FastifyReply } from 'fastify';

/** The page a list shows when the query names none, and how many rows when it names no limit. */
const FIRST_PAGE = 1;
const CONSOLE_PAGE_SIZE = 25;

export type SortOrder = 'asc' | 'desc';

/** page and limit as a list's query reads them: what PageQueryDto lets through, or the list's defaults. */
export function paging(q: { page?: number; limit?: number }, defaultLimit = CONSOLE_PAGE_SIZE): { page: number; limit: number } {
  return { page: q.page ?? FIRST_PAGE, limit: q.limit ?? defaultLimit };
}

/** sort and order as a sortable list's query reads them: the column asked for, or the list's own, newest first by default. */
export function sorting<S extends string>(
  q: { sort?: S; order?: SortOrder },
  defaultSort: S,
  defaultOrder: SortOrder = 'desc',
): { sort: S; order: SortOrder } {
  return { sort: q.sort ?? defaultSort, order: q.order ?? defaultOrder };
}

/**
 * A list's answer with the count of every matching row in X-Total-Count, which the console (react-admin's
 * simple REST data provider) reads to page, and X-Total-Estimated when that count is an estimate (a list
 * that counts a large match from a sample says total_estimated); the body carries the same.
 */
export async function withTotalCount<T extends { total: number; total_estimated?: boolean }>(
  reply: FastifyReply,
  list: T | Promise<T>,
): Promise<T> {
  const answer = await list;
  reply.header('x-total-count', String(answer.total));
  if (answer.total_estimated) reply.header('x-total-estimated', 'true');
  return answer;
}
