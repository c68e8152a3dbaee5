import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from './render.js';
import { validateTree } from './tree.js';

describe('validateTree', () => {
  it('applies defaults, keeps ids and gives ids to new blocks', () => {
    const result = validateTree([
      { id: 'top', type: 'section', props: {}, children: [{ type: 'heading', props: { text: 'Hi' } }] },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [section] = result.tree;
    expect(section).toMatchObject({
      id: 'top',
      type: 'section',
      props: { padding: { desktop: 6 }, fullWidth: false, tag: 'section' },
    });
    expect(section?.children?.[0]).toMatchObject({
      type: 'heading',
      props: { text: 'Hi', level: 2, align: { desktop: 'left' } },
    });
    expect(section?.children?.[0]?.id).toMatch(/^[A-Za-z0-9]{12}$/);
    const again = validateTree(result.tree);
    expect(again.ok && again.tree).toEqual(result.tree);
  });

  it('names every fault by its JSON path', () => {
    const result = validateTree([
      { type: 'carousel', props: {} },
      { type: 'heading', props: { level: 9, colour: 'red' } },
      { type: 'paragraph', props: { content: 'x' }, children: [{ type: 'heading' }] },
      {
        id: 'dup',
        type: 'grid',
        props: { columns: { desktop: 13 } },
        children: [{ id: 'dup', type: 'heading', props: {} }],
      },
      { id: 'bad id!', type: 'section', extra: 1 },
      'nope',
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'blocks[0].type',
        'blocks[1].props.level',
        'blocks[1].props.colour',
        'blocks[2].children',
        'blocks[3].props.columns.desktop',
        'blocks[3].children[0].id',
        'blocks[4].id',
        'blocks[4].extra',
        'blocks[5]',
      ].sort(),
    );
  });

  it('limits depth and size', () => {
    let deep: Record<string, unknown> = { type: 'heading', props: {} };
    for (let i = 0; i < 14; i += 1) deep = { type: 'section', props: {}, children: [deep] };
    const tooDeep = validateTree([deep]);
    expect(!tooDeep.ok && Object.values(tooDeep.errors).flat().join(' ')).toContain('levels deep');
    const many = Array.from({ length: 2001 }, () => ({ type: 'heading', props: {} }));
    const tooMany = validateTree(many);
    expect(!tooMany.ok && Object.keys(tooMany.errors)).toEqual(['blocks']);
  });

  it('takes only ids a row can have where a prop names one', () => {
    const result = validateTree([
      { type: 'image', props: { media_id: 2 ** 31 } },
      { type: 'gallery', props: { images: [{ media_id: 1e300 }] } },
      { type: 'pattern', props: { pattern_id: 2 ** 31 - 1 } },
    ]);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual([
      'blocks[0].props.media_id',
      'blocks[1].props.images.0.media_id',
    ]);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof validateTree(value).ok).toBe('boolean');
        expect(typeof validateTree([value]).ok).toBe('boolean');
      }),
    );
  });
});

describe('rendering', () => {
  it('renders semantic markup with text escaped', () => {
    const result = validateTree([
      {
        id: 's',
        type: 'section',
        props: { anchor: 'intro', backgroundColor: 'token:primary' },
        children: [
          {
            id: 'g',
            type: 'grid',
            props: { columns: { desktop: 3, mobile: 1 } },
            children: [
              { id: 'h', type: 'heading', props: { text: '<script>alert(1)</script>', level: 1 } },
              {
                id: 'p',
                type: 'paragraph',
                props: { content: '<p>Rich <strong>text</strong></p>', align: { desktop: 'center' } },
              },
            ],
          },
        ],
      },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { html, css } = renderBlocks(result.tree);
    expect(html).toContain('<section id="intro" class="tb-section tb-s1"');
    expect(css).toContain(
      '.tb-s1{padding-block:calc(6 * var(--tb-space));background-color:var(--tb-color-primary)}',
    );
    expect(html).toContain('<div class="tb-grid tb-s2">');
    expect(css).toContain(
      '.tb-s2{grid-template-columns:repeat(1, minmax(0, 1fr));gap:calc(4 * var(--tb-space))}',
    );
    expect(css).toContain('@media (min-width:640px){.tb-s2{grid-template-columns:repeat(3, minmax(0, 1fr))}');
    expect(html).toContain('<h1 class="tb-heading">&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('<div class="tb-paragraph tb-s3"><p>Rich <strong>text</strong></p></div>');
    expect(css).toContain('.tb-s3{text-align:center}');
  });
});
