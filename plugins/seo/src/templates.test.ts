import { describe, expect, it } from 'vitest';
import { fillTemplate, firstParagraph, type TemplateValues, trimAtWord } from './templates.js';

const values: TemplateValues = {
  title: 'Mooring in winter',
  site: 'Harbour Journal',
  tagline: '',
  sep: '|',
  excerpt: 'Ropes and fenders.',
  author: 'Ann',
  date: '2026-12-07',
  type: 'post',
};

describe('fillTemplate', () => {
  it('fills the variables, keeps an unknown one as written, and drops separators left dangling', () => {
    expect(fillTemplate('{{title}} {{sep}} {{site}}', values)).toBe('Mooring in winter | Harbour Journal');
    expect(fillTemplate('{{ title }} {{sep}} {{nope}}', values)).toBe('Mooring in winter | {{nope}}');
    expect(fillTemplate('{{site}} {{sep}} {{tagline}}', values)).toBe('Harbour Journal');
    expect(fillTemplate('{{title}} {{sep}} {{tagline}} {{sep}} {{site}}', values)).toBe(
      'Mooring in winter | Harbour Journal',
    );
    expect(fillTemplate('{{constructor}}', values)).toBe('{{constructor}}');
  });
});

describe('descriptions', () => {
  it('cuts at the last word within 160 characters, with an ellipsis', () => {
    const long = 'word '.repeat(60);
    const cut = trimAtWord(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(trimAtWord('  Short  text. ')).toBe('Short text.');
  });

  it('takes the first paragraph that has words, entities decoded', () => {
    expect(
      firstParagraph('<h2>Title</h2><p> </p><p>Fish &amp; chips <em>on</em> the quay.</p><p>Second.</p>'),
    ).toBe('Fish & chips on the quay.');
    expect(firstParagraph('<ul><li>Only a list</li></ul>')).toBe('');
  });
});
