import { localDayBound } from './localDay';

describe("the date filters' day bounds", () => {
  it("should send a picked day as its first and last millisecond in the browser's zone", () => {
    const from = new Date(localDayBound('2026-03-29', false)!);
    const to = new Date(localDayBound('2026-03-29', true)!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([2026, 2, 29, 0, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([29, 23, 59, 59, 999]);
    expect(localDayBound('2026-03-29', true)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('should drop what is not a calendar day instead of sending it', () => {
    for (const bad of [
      '',
      '2026-02-30',
      '2026-13-01',
      '26-1-1',
      '2026-01-01T00:00',
      'yesterday',
      '2026-01-0\u0000',
      undefined as unknown as string,
    ]) {
      expect(localDayBound(bad, false)).toBeUndefined();
    }
  });
});
