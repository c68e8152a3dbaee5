import type { FieldDefinition } from '@tessera/plugin';
import { describe, expect, it } from 'vitest';
import { csvCell, membersCsv } from './export.js';
import type { Member, Plan } from './model.js';
import { valuesFromForm } from './profile-fields.js';

async function text(pieces: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const piece of pieces) all += piece;
  return all;
}

async function* pages<T>(...each: T[][]): AsyncGenerator<T[]> {
  for (const page of each) yield page;
}

describe('members CSV', () => {
  it('neutralises what a spreadsheet would run as a formula and quotes what needs it', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(formula).startsWith("'") || csvCell(formula).startsWith(`"'`)).toBe(true);
    expect(csvCell('Lyon, France')).toBe('"Lyon, France"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes a header of the fields’ labels, then a line per member, lists joined', async () => {
    const fields: FieldDefinition[] = [
      { key: 'nickname', label: 'Nickname', type: 'text' },
      { key: 'news', label: 'News', type: 'checkbox' },
      { key: 'topics', label: 'Topics', type: 'select', multiple: true, choices: [] },
    ];
    const plan = { id: 1, slug: 'friends', name: 'Friends' } as Plan;
    const member: Member = {
      id: 1,
      account_id: 7,
      plan_id: 1,
      status: 'active',
      comped: false,
      profile: { nickname: '=cmd', news: true, topics: ['boats', 'nets'] },
      started_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.000Z',
    };
    const csv = await text(membersCsv(fields, new Map([[1, plan]]), pages([member])));
    expect(csv).toBe(
      '\uFEFFaccount_id,plan,plan_name,status,comped,started_at,Nickname,News,Topics\r\n' +
        "7,friends,Friends,active,no,2026-01-02T03:04:05.000Z,'=cmd,yes,boats; nets\r\n",
    );
  });
});

describe('profile values from a site form', () => {
  it('gives each field its type: numbers, a checkbox’s boolean, a multiple choice’s list, empty as null', () => {
    const fields: FieldDefinition[] = [
      { key: 'age', label: 'Age', type: 'number' },
      { key: 'news', label: 'News', type: 'checkbox' },
      { key: 'off', label: 'Off', type: 'checkbox' },
      { key: 'topics', label: 'Topics', type: 'select', multiple: true },
      { key: 'city', label: 'City', type: 'text' },
    ];
    expect(
      valuesFromForm(fields, {
        profile_age: '42',
        profile_news: '1',
        profile_topics: 'a\nb',
        profile_city: '',
        other: 'x',
      }),
    ).toEqual({ age: 42, news: true, off: false, topics: ['a', 'b'], city: null });
  });
});
