import { describe, expect, it } from 'vitest';
import type { ScoreContext } from '../entry-score.js';
import type { Check } from '../score/index.js';
import {
  byUrgency,
  displayedAddress,
  measured,
  previewPath,
  scoredEntryOf,
  slugFromTitle,
  writtenDescription,
} from './preview.js';

const context: ScoreContext = {
  site: { name: 'Harbour Journal', tagline: 'Notes from the quay', origin: 'https://harbour.test' },
  templates: {
    separator: '–',
    entries: { title: '{{title}} {{sep}} {{site}}', description: '' },
    types: { product: { description: '{{title}} from {{site}}' } },
  },
};

const edited = {
  id: null,
  type: 'post',
  status: null,
  title: 'Crème brûlée & œufs',
  slug: '',
  excerpt: '',
  author_id: null,
  parent_id: null,
  featured_media_id: null,
  fields: {},
  terms: {},
};

describe('the panel’s preview', () => {
  it('makes a slug from the title of an entry that has none yet, as the server will', () => {
    expect(slugFromTitle('Crème brûlée & œufs')).toBe('creme-brulee-oeufs');
    expect(slugFromTitle('  Tide tables: 2026!  ')).toBe('tide-tables-2026');
    expect(scoredEntryOf(edited, 'fr')).toMatchObject({ slug: 'creme-brulee-oeufs', locale: 'fr' });
    expect(scoredEntryOf({ ...edited, slug: 'kept' }, 'en').slug).toBe('kept');
  });

  it('puts the slug on screen into the saved address, or fills the type’s pattern before the first save', () => {
    const saved = { slug: 'low-tide', url: '/2026/01/low-tide' };
    expect(previewPath('dawn-tide', saved, null, new Date())).toBe('/2026/01/dawn-tide');
    expect(previewPath('low-tide', saved, null, new Date())).toBe('/2026/01/low-tide');
    expect(previewPath('x', { slug: 'low-tide', url: '/items/12' }, null, new Date())).toBe('/items/12');
    const today = new Date('2026-03-04T10:00:00Z');
    expect(previewPath('dawn', null, '/{yyyy}/{mm}/{slug}', today)).toBe('/2026/03/dawn');
    expect(previewPath('dawn', null, '/things/{id}', today)).toBe('/things/…');
    expect(displayedAddress('https://harbour.test', '/2026/03/dawn')).toBe('harbour.test › 2026 › 03 › dawn');
    expect(displayedAddress('https://harbour.test', '/')).toBe('harbour.test');
  });

  it('counts the description as written, before results cut it, and says when none is', () => {
    const long = 'word '.repeat(80).trim();
    const entry = scoredEntryOf({ ...edited, title: 'Nets', fields: { 'seo.description': long } }, 'en');
    expect(writtenDescription(entry, context)).toBe(long);
    expect(measured(long, 160)).toEqual({ count: 399, over: true });
    expect(writtenDescription({ ...entry, fields: {} }, context)).toBeNull();
    expect(writtenDescription({ ...entry, type: 'product', fields: {} }, context)).toBe(
      'Nets from Harbour Journal',
    );
  });

  it('lists problems first, then what to improve, then what is good', () => {
    const checks: Check[] = [
      { id: 'title_length', status: 'good', message: 'a' },
      { id: 'keyphrase_set', status: 'problem', message: 'b' },
      { id: 'headings', status: 'improve', message: 'c' },
      { id: 'image_alt', status: 'problem', message: 'd' },
    ];
    expect(byUrgency(checks).map((check) => check.message)).toEqual(['b', 'd', 'c', 'a']);
  });
});
