import { describe, expect, it } from '@jest/globals';
import { spreadsheetSafe } from './spreadsheet-safe';

describe(spreadsheetSafe.name, () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises %j', (text) => {
    expect(spreadsheetSafe(text)).toBe(`'${text}`);
  });

  it.each(['Food bank', '1.5', "'quoted", ' =later', ''])('leaves %j as it is', (text) => {
    expect(spreadsheetSafe(text)).toBe(text);
  });
});
