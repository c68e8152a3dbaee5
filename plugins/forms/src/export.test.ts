import { describe, expect, it } from 'vitest';
import { csvCell, csvPieces, type ExportedSubmission, joined, jsonPieces } from './export.js';
import { blankField, type FormField } from './model.js';

const fields: FormField[] = [
  blankField('text', 'name', 'Name'),
  { ...blankField('checkbox', 'drinks', 'Drinks, hot'), options: [{ value: 'tea', label: 'Tea' }] },
  blankField('file', 'cv', 'CV'),
  blankField('textarea', 'message', 'Message'),
];
const submission = (changes: Partial<ExportedSubmission> = {}): ExportedSubmission => ({
  id: 1,
  form_id: 3,
  form_version: 1,
  values: { name: 'Ada', drinks: ['tea', 'coffee'], message: 'Two\nlines, "quoted"' },
  files: [
    { id: 4, field: 'cv', filename: 'cv.pdf', content_type: 'application/pdf', size: 10 },
    { id: 5, field: 'cv', filename: 'letter.pdf', content_type: 'application/pdf', size: 12 },
  ],
  locale: 'fr',
  created_at: '2026-03-01T10:00:00.000Z',
  read_at: null,
  ...changes,
});
async function* pages(...lists: ExportedSubmission[][]) {
  for (const list of lists) yield list;
}

describe('CSV export', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('quotes as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });

  it('writes a BOM and the labels, then a row a submission: lists joined, files by name', async () => {
    const csv = await joined(
      csvPieces(
        fields,
        pages([submission()], [submission({ values: { name: '=cmd' }, files: [], read_at: 'x' })]),
      ),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,"Drinks, hot",CV,Message,submitted_at,locale,read',
      'Ada,tea; coffee,cv.pdf; letter.pdf,"Two\nlines, ""quoted""",2026-03-01T10:00:00.000Z,fr,no',
      "'=cmd,,,,2026-03-01T10:00:00.000Z,fr,yes",
      '',
    ]);
  });
});

describe('JSON export', () => {
  it('is the form and every submission, across pages', async () => {
    const text = await joined(
      jsonPieces(
        { id: 3, slug: 'contact', title: 'Contact', version: 2, fields },
        pages([submission()], [], [submission({ id: 2 })]),
      ),
    );
    const parsed = JSON.parse(text);
    expect(parsed.form).toMatchObject({ id: 3, slug: 'contact', version: 2 });
    expect(parsed.submissions.map((each: { id: number }) => each.id)).toEqual([1, 2]);
    expect(parsed.submissions[0].values.drinks).toEqual(['tea', 'coffee']);
    expect(JSON.parse(await joined(jsonPieces(parsed.form, pages()))).submissions).toEqual([]);
  });
});
