import { containing, escapeLike, sortedBy, SqlFilter } from './sql-filter';

describe('SqlFilter', () => {
  it('should number each value once, however often its condition names it, and leave the text alone', () => {
    const f = new SqlFilter().where('status = ?', "x'; DROP TABLE orders;--").where('(a ILIKE ? OR b ILIKE ?)', containing('50%_off\\'));
    expect(f.sql).toBe('WHERE status = $1 AND (a ILIKE $2 OR b ILIKE $2)');
    expect(f.params).toEqual(["x'; DROP TABLE orders;--", '%50\\%\\_off\\\\%']);
    expect(f.page(3, 25)).toEqual({ sql: 'LIMIT $3 OFFSET $4', params: [...f.params, 25, 50] });
  });

  it('should bind each ? of a condition to its own value in turn, and refuse a count that does not match', () => {
    const f = new SqlFilter().where('a = ?', 1).whereEach('(b BETWEEN ? AND ? OR c LIKE ?)', ['lo', 'hi', '%x%']);
    expect(f.sql).toBe('WHERE a = $1 AND (b BETWEEN $2 AND $3 OR c LIKE $4)');
    expect(f.params).toEqual([1, 'lo', 'hi', '%x%']);
    expect(() => new SqlFilter().whereEach('a = ? OR b = ?', [1])).toThrow('more ? than values');
    expect(() => new SqlFilter().whereEach('a = ?', [1, 2])).toThrow('more values than ?');
  });

  it('should skip conditions whose value was not given, and have no WHERE without conditions', () => {
    const f = new SqlFilter().whereGiven('a = ?', undefined).whereGiven('b = ?', null).whereGiven('c = ?', '').whereGiven('d = ?', 0);
    expect(f.sql).toBe('WHERE d = $1');
    expect(f.condition).toBe('d = $1');
    expect(new SqlFilter().sql).toBe('');
    expect(new SqlFilter().condition).toBe('true');
  });

  it('should escape exactly the characters LIKE treats specially', () => {
    expect(escapeLike('a\\b%c_d\u0000é')).toBe('a\\\\b\\%c\\_d\u0000é');
  });
});

describe('sortedBy', () => {
  it('should put empty values last either way and break ties by id', () => {
    expect(sortedBy('email', 'asc')).toBe('email ASC NULLS LAST, id ASC');
    expect(sortedBy('email', 'desc')).toBe('email DESC NULLS LAST, id ASC');
  });
});
