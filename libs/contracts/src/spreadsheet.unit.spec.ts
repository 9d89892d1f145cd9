import { spreadsheetSafe } from './spreadsheet';

describe('spreadsheetSafe', () => {
  it('should defuse every character a spreadsheet may open a formula with', () => {
    for (const attack of ['=1+1', '+1', '-1+2', '@SUM(A1)', ';=cmd|" /C calc"!A0', '\t=1', '\r=1'])
      expect(spreadsheetSafe(attack)).toBe(`'${attack}`);
  });

  it('should leave plain text, numbers, nulls and a formula character after the first place alone', () => {
    for (const plain of ['Ada', 'a=b', ' 1', '', '\u0000x', '\ud800'] as const) expect(spreadsheetSafe(plain)).toBe(plain);
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(null)).toBe(null);
  });
});
