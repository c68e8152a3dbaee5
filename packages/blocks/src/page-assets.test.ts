import { describe, expect, it } from 'vitest';
import { PageAssets } from './page-assets.js';
import { renderBlocks } from './render.js';
import { BLOCK_SCRIPTS, blockScriptSource } from './scripts.js';
import { validateTree } from './tree.js';

describe('page assets', () => {
  it('write mobile-first rules, leave out what a wider breakpoint repeats, and share classes', () => {
    const assets = new PageAssets();
    const first = assets.className({
      mobile: { gap: '1rem', color: 'red' },
      tablet: { gap: '1rem', color: 'blue' },
      desktop: { gap: '2rem', color: 'blue' },
    });
    const same = assets.className({
      mobile: { gap: '1rem', color: 'red' },
      tablet: { gap: '1rem', color: 'blue' },
      desktop: { gap: '2rem', color: 'blue' },
    });
    expect(first).toBe('tb-s1');
    expect(same).toBe('tb-s1');
    expect(assets.className({ mobile: { gap: '3rem' } })).toBe('tb-s2');
    expect(assets.className({})).toBeUndefined();
    expect(assets.css()).toBe(
      '.tb-s1{gap:1rem;color:red}.tb-s2{gap:3rem}' +
        '@media (min-width:640px){.tb-s1{color:blue}}' +
        '@media (min-width:1024px){.tb-s1{gap:2rem}}',
    );
  });

  it('drop values and properties that could break out of the rule or the style element', () => {
    const assets = new PageAssets();
    const name = assets.className({
      mobile: {
        color: 'red}</style><script>x()</script>',
        'background;x': 'blue',
        width: '1px;top:0',
        height: '2px',
      },
    });
    expect(assets.css()).toBe(`.${name}{height:2px}`);
  });

  it('collect the scripts a page needs, once each', () => {
    const assets = new PageAssets();
    assets.script('tabs');
    assets.script('tabs');
    expect(assets.scripts).toEqual(['tabs']);
    expect(new PageAssets().scripts).toEqual([]);
  });

  it('ship each block script as a self-contained program', () => {
    for (const name of Object.keys(BLOCK_SCRIPTS)) {
      const source = blockScriptSource(name) ?? '';
      // Parses on its own, and names nothing a bundler would have had to add.
      expect(() => new Function(source)).not.toThrow();
      expect(source).not.toMatch(/__name|__require|import\(|require\(/);
    }
    expect(blockScriptSource('nope')).toBeUndefined();
  });
});

describe('visibility per breakpoint and style variations', () => {
  it('are props of every block, validated, and become classes of the block itself', () => {
    const checked = validateTree([
      {
        id: 'a',
        type: 'heading',
        props: { text: 'Desktop only', visibility: { desktop: true, tablet: false } },
      },
      { id: 'b', type: 'spacer', props: { visibility: { desktop: true } } },
      {
        id: 'c',
        type: 'button',
        props: { text: 'Go', variation: 'pill', visibility: { desktop: false, mobile: true } },
      },
      { id: 'd', type: 'latest-posts', props: { visibility: { desktop: true, mobile: false } } },
    ]);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const { html, css } = renderBlocks(checked.tree);
    expect(html).toContain('<h2 class="tb-heading tb-hide-mt">Desktop only</h2>');
    expect(html).toContain('<div class="tb-spacer tb-s1" aria-hidden="true"></div>');
    expect(html).toContain('<div class="tb-button-row tb-align-left tb-is-pill tb-hide-td">');
    // A block whose root is a component of its own gets a wrapper for its classes.
    expect(html).toContain('<div class="tb-hide-m"><p class="tb-entries__empty">');
    // Hidden only inside each breakpoint's own range: elsewhere the element keeps its own display.
    expect(css).toContain('@media (max-width:639.98px){.tb-hide-mt{display:none}}');
    expect(css).toContain('@media (min-width:640px) and (max-width:1023.98px){.tb-hide-mt{display:none}}');
    expect(css).toContain('@media (min-width:1024px){.tb-hide-td{display:none}}');
    expect(css).not.toContain('display:contents');
    const wrong = validateTree([
      { type: 'heading', props: { visibility: { phone: false }, variation: 'Pill!' } },
    ]);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(Object.keys(wrong.errors).join()).toContain('blocks[0].props.visibility');
      expect(Object.keys(wrong.errors).join()).toContain('blocks[0].props.variation');
    }
  });
});
