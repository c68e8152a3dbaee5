import { describe, expect, it } from 'vitest';
import type { BlockEnvironment, MediaInfo } from './context.js';
import { renderTree } from './render.js';
import { validateTree } from './tree.js';

const photo = (id: number, credit = false): MediaInfo => ({
  id,
  url: `/media/2026/11/p${id}.webp`,
  alt: `Photo ${id}`,
  width: 2000,
  height: 1000,
  variants: {
    thumbnail: { url: `/media/2026/11/p${id}-thumbnail.webp`, width: 150, height: 150 },
    medium: { url: `/media/2026/11/p${id}-medium.webp`, width: 768, height: 384 },
    large: { url: `/media/2026/11/p${id}-large.webp`, width: 1600, height: 800 },
    full: { url: `/media/2026/11/p${id}.webp`, width: 2000, height: 1000 },
  },
  credit: credit
    ? { photographer: 'Ada', profile_url: 'https://example.test/ada', provider: 'unsplash' }
    : null,
});
const environment: BlockEnvironment = { media: (id) => (id < 100 ? photo(id, id === 2) : null) };

function render(tree: unknown[]): string {
  const checked = validateTree(tree);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return renderTree(checked.tree, environment);
}

describe('image block', () => {
  it('renders the media variants as srcset with size, alt, caption and credit', () => {
    const html = render([{ type: 'image', props: { media_id: 2, caption: 'The bay', link: '/bay' } }]);
    expect(html).toContain('<figure class="tb-image tb-image--large tb-image--align-none">');
    expect(html).toContain(
      'srcSet="/media/2026/11/p2-medium.webp 768w, /media/2026/11/p2-large.webp 1600w, /media/2026/11/p2.webp 2000w"',
    );
    expect(html).toContain('width="1600" height="800" alt="Photo 2" loading="lazy"');
    expect(html).toContain('<a href="/bay"><img');
    expect(html).toContain(
      '<figcaption>The bay <span class="tb-credit"><a href="https://example.test/ada" rel="noopener">Ada</a> · Unsplash</span></figcaption>',
    );
  });

  it('renders nothing for media that is not there, and refuses bad props', () => {
    expect(render([{ type: 'image', props: { media_id: 500 } }])).toBe('');
    expect(render([{ type: 'image', props: {} }])).toBe('');
    const bad = validateTree([{ type: 'image', props: { media_id: 'x', link: 'javascript:alert(1)' } }]);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(Object.keys(bad.errors).sort()).toEqual(['blocks[0].props.link', 'blocks[0].props.media_id']);
  });
});

describe('gallery block', () => {
  it('lays images out per breakpoint with a lightbox that needs no script', () => {
    const html = render([
      {
        id: 'g1',
        type: 'gallery',
        props: {
          images: [{ media_id: 1, caption: 'One' }, { media_id: 500 }, { media_id: 3 }],
          columns: { desktop: 4, mobile: 2 },
        },
      },
    ]);
    expect(html).toContain('<ul class="tb-gallery tb-gallery--crop tb-grid tb-s1">');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('<a href="#tb-lightbox-g1-0" aria-label="Photo 1">');
    expect(html).toContain(
      '<div id="tb-lightbox-g1-1" class="tb-lightbox" role="dialog" aria-label="Photo 3">',
    );
    expect(html).toContain('<a href="#tb-lightbox-g1-0" class="tb-lightbox__prev" aria-label="Previous">');
    expect(html).not.toContain('<script');
    expect(
      render([{ id: 'g2', type: 'gallery', props: { images: [{ media_id: 1 }], lightbox: false } }]),
    ).not.toContain('tb-lightbox');
  });
});
