import { describe, expect, it } from 'vitest';
import { pageNumbers } from './blocks/dynamic.js';
import type { BlockEnvironment, EntryList, Visitor } from './context.js';
import { blockLists } from './lists.js';
import { renderBlocks } from './render.js';
import { validateTree } from './tree.js';

function tree(input: unknown[]) {
  const checked = validateTree(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.tree;
}

const entries: EntryList = {
  page: 2,
  pages: 7,
  items: [
    {
      id: 1,
      title: 'Spring <fair>',
      url: '/2026/03/spring-fair',
      excerpt: 'Stalls and music.',
      published_at: '2026-03-01T10:00:00.000Z',
      author: 'Ada',
      image: {
        id: 9,
        url: '/media/fair.webp',
        alt: 'Stalls',
        width: 800,
        height: 600,
        variants: { medium: { url: '/media/fair-medium.webp', width: 768, height: 576 } },
        credit: null,
      },
    },
  ],
};

describe('list blocks', () => {
  it('say what they list, from their props', () => {
    const blocks = tree([
      { id: 'l', type: 'latest-posts', props: { count: 4, category: 'news' } },
      {
        type: 'section',
        props: {},
        children: [
          {
            id: 'c',
            type: 'content-list',
            props: {
              contentType: 'event',
              taxonomy: 'venue',
              term: 'harbour',
              authorId: 3,
              order: 'oldest',
              paged: true,
            },
          },
        ],
      },
    ]);
    expect(blockLists(blocks)).toEqual([
      {
        blockId: 'l',
        query: {
          type: 'post',
          count: 4,
          term: { taxonomy: 'category', slug: 'news' },
          order: 'newest',
          paged: false,
        },
      },
      {
        blockId: 'c',
        query: {
          type: 'event',
          count: 6,
          term: { taxonomy: 'venue', slug: 'harbour' },
          authorId: 3,
          order: 'oldest',
          paged: true,
        },
      },
    ]);
  });

  it('render the entries the site fetched, and page through them', () => {
    const environment: BlockEnvironment = {
      media: () => null,
      list: (id) => (id === 'c' ? entries : undefined),
      formatDate: () => '1 March 2026',
      paging: { page: 2, pages: 7, href: (n) => (n === 1 ? '/events' : `/events?page=${n}`) },
    };
    const { html, css } = renderBlocks(
      tree([
        {
          id: 'c',
          type: 'content-list',
          props: { layout: 'grid', columns: { desktop: 2 }, showImage: true, showAuthor: true, paged: true },
        },
        { type: 'pagination', props: {} },
      ]),
      environment,
    );
    expect(html).toContain('<ul class="tb-entries tb-entries--grid tb-s1"><li class="tb-entries__item">');
    expect(css).toContain('.tb-s1{grid-template-columns:repeat(2, minmax(0, 1fr))}');
    expect(html).toContain(
      '<a href="/2026/03/spring-fair" class="tb-entries__image" tabindex="-1" aria-hidden="true"><img src="/media/fair.webp"',
    );
    expect(html).toContain('alt=""');
    expect(html).toContain(
      '<h3 class="tb-entries__title"><a href="/2026/03/spring-fair">Spring &lt;fair&gt;</a></h3>',
    );
    expect(html).toContain('<time dateTime="2026-03-01T10:00:00.000Z">1 March 2026</time><span>Ada</span>');
    expect(html).toContain('<p class="tb-entries__excerpt">Stalls and music.</p>');
    expect(html).toContain(
      '<nav class="tb-pagination tb-pagination-block" aria-label="Pages"><a href="/events" rel="prev">← Previous</a>',
    );
    expect(html).toContain(
      '<li><span aria-current="page">2</span></li><li><a href="/events?page=3">3</a></li><li><span aria-hidden="true">…</span></li><li><a href="/events?page=7">7</a></li>',
    );
    expect(html).toContain('<a href="/events?page=3" rel="next">Next →</a></nav>');
  });

  it('say how many comments an entry has when the site counts them, linking to them', () => {
    const commented: EntryList = {
      ...entries,
      items: entries.items.map((item) => ({ ...item, comments: 3 })),
    };
    const blocks = tree([{ id: 'l', type: 'latest-posts', props: {} }]);
    const render = (environment: Partial<BlockEnvironment>) =>
      renderBlocks(blocks, { media: () => null, list: () => commented, ...environment }).html;
    expect(render({ formatCommentCount: (n) => `${n} comments` })).toContain(
      '<a href="/2026/03/spring-fair#comments">3 comments</a>',
    );
    // Without the site's words (the builder's canvas), nothing is said.
    expect(render({})).not.toContain('#comments');
  });

  it('number pages around the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('conditional block', () => {
  function seen(props: Record<string, unknown>, visitor: Partial<Visitor>) {
    const reasons: unknown[] = [];
    const html = renderBlocks(
      tree([{ type: 'conditional', props, children: [{ type: 'heading', props: { text: 'Shown' } }] }]),
      {
        media: () => null,
        visitor: {
          signedIn: false,
          locale: 'en',
          device: 'desktop',
          now: '2026-06-01T12:00:00.000Z',
          varies: (why) => reasons.push(why),
          ...visitor,
        },
      },
    ).html;
    return { shown: html.includes('Shown'), reasons };
  }

  it('shows its children to whom its conditions name, and says when the page depends on the visitor', () => {
    expect(seen({}, {})).toEqual({ shown: true, reasons: [] });
    expect(seen({ audience: 'signed-in' }, {})).toEqual({ shown: false, reasons: [{ personal: true }] });
    expect(seen({ audience: 'signed-in' }, { signedIn: true }).shown).toBe(true);
    expect(seen({ audience: 'signed-out' }, { signedIn: true }).shown).toBe(false);
    expect(seen({ locales: ['fr'] }, {})).toEqual({ shown: false, reasons: [] });
    expect(seen({ locales: ['fr', 'en'] }, {}).shown).toBe(true);
    expect(seen({ devices: ['mobile'] }, {})).toEqual({ shown: false, reasons: [{ personal: true }] });
    expect(seen({ devices: ['mobile'] }, { device: 'mobile' }).shown).toBe(true);
    // All three devices is everyone: the page stays shareable.
    expect(seen({ devices: ['mobile', 'tablet', 'desktop'] }, {})).toEqual({ shown: true, reasons: [] });
  });

  it('shows its children between two dates, and bounds how long the page stays right', () => {
    const window = { from: '2026-07-01T00:00:00Z', until: '2026-08-01T00:00:00Z' };
    expect(seen(window, {})).toEqual({ shown: false, reasons: [{ until: '2026-07-01T00:00:00.000Z' }] });
    expect(seen(window, { now: '2026-07-15T00:00:00.000Z' })).toEqual({
      shown: true,
      reasons: [{ until: '2026-08-01T00:00:00.000Z' }],
    });
    expect(seen(window, { now: '2026-08-01T00:00:00.000Z' })).toEqual({ shown: false, reasons: [] });
    expect(validateTree([{ type: 'conditional', props: { from: 'next tuesday' } }]).ok).toBe(false);
  });

  it('shows everything where no visitor is known, as on the builder canvas', () => {
    const html = renderBlocks(
      tree([
        {
          type: 'conditional',
          props: { audience: 'signed-in' },
          children: [{ type: 'heading', props: { text: 'Shown' } }],
        },
      ]),
    ).html;
    expect(html).toContain('Shown');
  });
});

describe('form block', () => {
  it('refuses two fields of one name and the honeypot name', () => {
    const checked = validateTree([
      {
        type: 'form',
        props: {
          fields: [
            { name: 'email', label: 'A', type: 'email' },
            { name: 'email', label: 'B' },
            { name: 'website_url', label: 'C' },
          ],
        },
      },
    ]);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors).toEqual({
        'blocks[0].props.fields.1.name': ['Another field is named email.'],
        'blocks[0].props.fields.2.name': ['website_url is reserved.'],
      });
  });

  it('posts where the site says, and shows what became of the last submission', () => {
    const blocks = tree([{ id: 'f', type: 'form', props: {} }]);
    const invalid = renderBlocks(blocks, {
      media: () => null,
      formAction: (id) => `/_forms/12/${id}`,
      formState: () => ({
        status: 'invalid',
        errors: { email: 'Enter an email address.' },
        values: { name: 'Ada <b>', email: 'nope', message: 'Hello' },
      }),
    }).html;
    expect(invalid).toContain('<form class="tb-form__form" action="/_forms/12/f" method="post">');
    expect(invalid).toContain(
      '<div class="tb-form__errors" role="alert"><ul><li><a href="#tb-form-f-email">Enter an email address.</a></li></ul></div>',
    );
    expect(invalid).toContain('value="Ada &lt;b&gt;"');
    expect(invalid).toContain(
      'aria-invalid="true" aria-describedby="tb-form-f-email-error" type="email" name="email" value="nope"/>',
    );
    expect(invalid).toContain(
      '<textarea id="tb-form-f-message" name="message" required="" maxLength="5000" rows="6">Hello</textarea>',
    );
    const sent = renderBlocks(blocks, { media: () => null, formState: () => ({ status: 'sent' }) }).html;
    expect(sent).toContain(
      '<p class="tb-form__sent" role="status">Thank you: your message has been sent.</p>',
    );
  });
});

describe('menu block', () => {
  it("renders its location's menu, nested, sub-menus behind a disclosure, the current page marked", () => {
    const { html } = renderBlocks(tree([{ type: 'menu', props: { location: 'footer', label: 'Footer' } }]), {
      media: () => null,
      currentPath: '/about/team',
      menus: {
        footer: [
          {
            label: 'About',
            url: '/about',
            target: '_self',
            rel: '',
            className: 'highlight',
            children: [
              { label: 'Team', url: '/about/team', target: '_self', rel: '', className: '', children: [] },
            ],
          },
          {
            label: 'Shop',
            url: 'https://shop.example',
            target: '_blank',
            rel: 'nofollow',
            className: '',
            children: [],
          },
        ],
      },
    });
    expect(html).toBe(
      '<nav class="tb-menu tb-menu--horizontal tb-menu-block" aria-label="Footer"><ul class="tb-menu__list">' +
        '<li class="tb-menu__item tb-menu__item--parent highlight"><a href="/about">About</a>' +
        '<details class="tb-menu__more"><summary aria-label="About: more"><span aria-hidden="true">▾</span></summary>' +
        '<ul class="tb-menu__sub"><li class="tb-menu__item"><a href="/about/team" aria-current="page">Team</a></li></ul></details></li>' +
        '<li class="tb-menu__item"><a href="https://shop.example" target="_blank" rel="nofollow noopener">Shop</a></li></ul></nav>',
    );
    // A location without a menu shows nothing.
    expect(renderBlocks(tree([{ type: 'menu', props: { location: 'primary' } }])).html).toBe('');
  });
});
