import { describe, expect, it } from 'vitest';
import { type ScoreContext, scoreOfEntry, shownAs } from './entry-score.js';

const context: ScoreContext = {
  site: { name: 'Harbour Journal', tagline: '', origin: 'https://harbour.example' },
  templates: { separator: '–', entries: { title: '{{title}} {{sep}} {{site}}', description: '' }, types: {} },
};
const entry = (description: string) => ({
  type: 'post',
  locale: 'en',
  title: 'Tide tables',
  slug: 'tide-tables',
  excerpt: '',
  fields: { content: '<p>Tides.</p>', 'seo.description': description },
});

describe('an entry as it is scored', () => {
  it('shows the description cut at 160, and scores its length as written', () => {
    const long = 'The tide tables of the harbour, '.repeat(12);
    const shown = shownAs(entry(long), context);
    expect(shown.description.length).toBeLessThanOrEqual(160);
    expect(shown.written.length).toBeGreaterThan(300);
    const check = scoreOfEntry(entry(long), context, 'en').checks.find(
      (one) => one.id === 'description_length',
    );
    expect(check?.status).toBe('problem');
    expect(shown.title).toBe('Tide tables – Harbour Journal');
  });
});
