import { describe, expect, it } from 'vitest';
import { blockRegistry, registryView } from './registry.js';
import { renderBlocks, renderTree } from './render.js';
import { validateTree } from './tree.js';

/** One representative use of every block type, and what its HTML must hold. */
const samples: Record<
  string,
  {
    props: Record<string, unknown>;
    children?: unknown[];
    expect: string[];
    css?: string[];
    /** The interactive block scripts the page needs: none unless listed. */
    scripts?: string[];
  }
> = {
  section: {
    props: {},
    children: [{ type: 'heading', props: { text: 'In' } }],
    expect: ['<section class="tb-section tb-s1"', '<h2'],
    css: ['.tb-s1{padding-block:calc(6 * var(--tb-space))}'],
  },
  grid: {
    props: { columns: { desktop: 4, tablet: 2, mobile: 1 } },
    expect: ['<div class="tb-grid tb-s1">'],
    css: [
      '.tb-s1{grid-template-columns:repeat(1, minmax(0, 1fr));gap:calc(4 * var(--tb-space))}',
      '@media (min-width:640px){.tb-s1{grid-template-columns:repeat(2, minmax(0, 1fr))}}',
      '@media (min-width:1024px){.tb-s1{grid-template-columns:repeat(4, minmax(0, 1fr))}}',
    ],
  },
  columns: {
    props: { ratio: '33-67' },
    children: [
      { type: 'container', props: {} },
      { type: 'container', props: {} },
    ],
    expect: ['class="tb-columns tb-columns--top tb-s1"', 'tb-container'],
    css: [
      '.tb-s1{grid-template-columns:1fr;',
      '@media (min-width:640px){.tb-s1{grid-template-columns:minmax(0, 33fr) minmax(0, 67fr)}}',
    ],
  },
  container: {
    props: { width: 'narrow', rounded: true },
    expect: ['tb-container tb-container--narrow tb-container--rounded'],
  },
  spacer: {
    props: { height: { desktop: 8, mobile: 2 } },
    expect: ['class="tb-spacer tb-s1" aria-hidden="true"'],
    css: [
      '.tb-s1{height:calc(2 * var(--tb-space))}',
      '@media (min-width:640px){.tb-s1{height:calc(8 * var(--tb-space))}}',
    ],
  },
  separator: { props: { style: 'dots' }, expect: ['<hr class="tb-separator tb-separator--dots"/>'] },
  tabs: {
    props: {
      label: 'Plans',
      items: [
        { title: 'Monthly', content: '<p>9 €</p>' },
        { title: 'Yearly', content: '<p>90 €</p>' },
      ],
      selected: 1,
    },
    expect: [
      '<div class="tb-tabs" data-tb-tabs=""><div class="tb-tabs__list" role="tablist" aria-label="Plans">',
      '<button type="button" role="tab" id="tb-tab-b-tabs-0" class="tb-tabs__tab" aria-controls="tb-tabpanel-b-tabs-0" aria-selected="false" tabindex="-1">Monthly</button>',
      'aria-selected="true" tabindex="0">Yearly</button>',
      '<div role="tabpanel" id="tb-tabpanel-b-tabs-0" class="tb-tabs__panel" aria-labelledby="tb-tab-b-tabs-0" tabindex="0" hidden=""><p>9 €</p></div>',
      'aria-labelledby="tb-tab-b-tabs-1" tabindex="0"><p>90 €</p></div>',
    ],
    scripts: ['tabs'],
  },
  newsletter: {
    props: { title: 'Our letter', text: 'Once a week.', askName: true },
    expect: [
      '<section class="tb-form tb-newsletter" id="newsletter-b-newsletter" aria-labelledby="tb-newsletter-b-newsletter-title"><h2 id="tb-newsletter-b-newsletter-title">Our letter</h2><p class="tb-newsletter__text">Once a week.</p>',
      // Without an entry (the canvas) the form goes nowhere.
      '<form class="tb-form__form" action="#" method="post"><input type="hidden" name="entry" value=""/><input type="hidden" name="block" value="b-newsletter"/>',
      '<label for="tb-newsletter-b-newsletter-name">Name</label><input id="tb-newsletter-b-newsletter-name" type="text" maxLength="200" autoComplete="name" name="name" value=""/>',
      '<input id="tb-newsletter-b-newsletter-email" type="email" required="" maxLength="254" autoComplete="email" name="email" value=""/>',
      'name="website_url"',
      '<button type="submit" class="tb-button tb-button--primary tb-button--medium">Subscribe</button>',
    ],
  },
  form: {
    props: {
      title: 'Write to us',
      fields: [{ name: 'email', label: 'Your email', type: 'email', required: true }],
    },
    expect: [
      '<section class="tb-form" id="form-b-form" aria-labelledby="tb-form-b-form-title"><h2 id="tb-form-b-form-title">Write to us</h2>',
      '<form class="tb-form__form" action="#" method="post">',
      '<label for="tb-form-b-form-email">Your email<span aria-hidden="true"> *</span></label><input id="tb-form-b-form-email" required="" maxLength="254" autoComplete="email" type="email" name="email" value=""/>',
      '<div class="tb-form__trap" aria-hidden="true"><label for="tb-form-b-form-website_url">Leave this empty</label><input id="tb-form-b-form-website_url" type="text" tabindex="-1" autoComplete="off" name="website_url" value=""/></div>',
      '<button type="submit" class="tb-button tb-button--primary tb-button--medium">Send</button>',
    ],
  },
  icon: {
    props: { name: 'mail', size: 32, label: 'Email us', color: 'token:primary' },
    expect: [
      '<span class="tb-icon tb-align-left tb-s1"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false" role="img" aria-labelledby="tb-icon-b-icon"><title id="tb-icon-b-icon">Email us</title><rect',
    ],
    css: ['.tb-s1{color:var(--tb-color-primary)}'],
  },
  chart: {
    props: {
      kind: 'column',
      title: 'Visitors',
      labels: ['Mon', 'Tue'],
      series: [{ name: 'Visits', values: [40, 55] }],
    },
    expect: [
      '<figure class="tb-chart tb-chart--column"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" role="img" aria-labelledby="tb-chart-b-chart-title tb-chart-b-chart-desc" class="tb-chart__svg"><title id="tb-chart-b-chart-title">Visitors</title><desc id="tb-chart-b-chart-desc">1 series over 2 labels, from 40 to 55.</desc>',
      '<th scope="row">Tue</th><td>55</td>',
    ],
  },
  pattern: { props: { pattern_id: 3 }, expect: [] },
  'latest-posts': {
    props: { count: 5, category: 'news' },
    expect: ['<p class="tb-entries__empty">Nothing has been published here yet.</p>'],
  },
  'content-list': {
    props: { contentType: 'event', order: 'title', paged: true, emptyText: 'No events.' },
    expect: ['<p class="tb-entries__empty">No events.</p>'],
  },
  pagination: { props: {}, expect: [] },
  conditional: {
    props: { audience: 'signed-in' },
    children: [{ type: 'heading', props: { text: 'Members' } }],
    expect: ['<h2 class="tb-heading">Members</h2>'],
  },
  accordion: {
    props: { items: [{ title: 'Shipping', content: '<p>Two days.</p>', open: true }], single: true },
    expect: [
      '<details class="tb-accordion__item" open="" name="tb-acc-',
      '<summary>Shipping</summary>',
      '<p>Two days.</p>',
    ],
  },
  heading: {
    props: {
      text: 'Title',
      level: 3,
      align: { desktop: 'center', mobile: 'left' },
      fontSize: { desktop: 'h1' },
    },
    expect: ['<h3 class="tb-heading tb-s1">Title</h3>'],
    css: [
      '.tb-s1{text-align:left;font-size:var(--tb-h1)}',
      '@media (min-width:640px){.tb-s1{text-align:center}}',
    ],
  },
  paragraph: { props: { content: '<p>Hi</p>' }, expect: ['<p>Hi</p>'] },
  list: {
    props: { items: ['One', '<b>Two</b>'], ordered: true, start: 3 },
    expect: ['<ol class="tb-list-block" start="3"><li>One</li><li>&lt;b&gt;Two&lt;/b&gt;</li></ol>'],
  },
  quote: {
    props: { text: 'Less is more.', cite: 'Mies', source: 'https://example.test' },
    expect: [
      '<blockquote cite="https://example.test"><p>Less is more.</p></blockquote>',
      '<figcaption>— Mies</figcaption>',
    ],
  },
  table: {
    props: { caption: 'Prices', header: ['Item', 'Price'], rows: [['Tea', '2']], firstColumnHeader: true },
    expect: ['<caption>Prices</caption>', '<th scope="col">Item</th>', '<th scope="row">Tea</th><td>2</td>'],
  },
  alert: {
    props: { tone: 'warning', title: 'Careful', content: '<p>Wet paint</p>' },
    expect: ['tb-alert tb-alert--warning', 'role="note"', '<p>Wet paint</p>'],
  },
  badge: {
    props: { text: 'Beta', tone: 'success' },
    expect: ['<span class="tb-badge tb-badge--success">Beta</span>'],
  },
  statistics: {
    props: { items: [{ value: '1887', label: 'Built', detail: 'by the port' }] },
    expect: ['<dt>Built</dt><dd class="tb-statistics__value">1887</dd>'],
  },
  timeline: {
    props: { events: [{ date: '1887', title: 'Built', text: 'Stone by stone.' }] },
    expect: [
      '<ol class="tb-timeline"><li><p class="tb-timeline__date">1887</p><h3 class="tb-timeline__title">Built</h3>',
    ],
  },
  faq: {
    // The server sanitizes the answer on save; in the JSON-LD every < is escaped all the same.
    props: { items: [{ question: 'Open on Sunday?', answer: '<p>Yes</p>' }] },
    expect: ['<summary>Open on Sunday?</summary>', '"@type":"FAQPage"', '"text":"\\u003cp>Yes\\u003c/p>"'],
  },
  steps: {
    props: { steps: [{ title: 'Mix', text: 'Flour and water' }] },
    expect: ['<ol class="tb-steps"><li><h3 class="tb-steps__title">Mix</h3>'],
  },
  image: { props: { media_id: null }, expect: [] },
  gallery: { props: { images: [] }, expect: [] },
  button: {
    props: { text: 'Book now', href: '/book', variant: 'secondary', newTab: true },
    expect: [
      '<a class="tb-button tb-button--secondary tb-button--medium" href="/book" target="_blank" rel="noopener noreferrer">Book now</a>',
    ],
  },
  'button-group': {
    props: {
      buttons: [
        { text: 'A', href: '/a' },
        { text: 'B', href: '#b', variant: 'outline' },
      ],
      align: 'center',
    },
    expect: ['tb-button-group tb-align-center', 'href="#b"'],
  },
  link: {
    props: { text: 'Mail us', href: 'mailto:hi@example.test' },
    expect: ['<p class="tb-link"><a href="mailto:hi@example.test">Mail us</a></p>'],
  },
  video: {
    props: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Launch' },
    expect: [
      '<iframe class="tb-embed__frame tb-s1" title="Launch" srcDoc=',
      'youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'loading="lazy"',
    ],
  },
  audio: { props: { media_id: null }, expect: [] },
  map: {
    props: { latitude: 43.2965, longitude: 5.3698, zoom: 14, label: 'Old Port' },
    expect: [
      'title="Old Port"',
      'openstreetmap.org/export/embed.html?bbox=',
      'href="https://www.openstreetmap.org/?mlat=43.29650&amp;mlon=5.36980#map=14/43.29650/5.36980"',
    ],
  },
  social: {
    props: {
      profiles: [{ network: 'mastodon', url: 'https://mastodon.example/@port' }],
      share: ['facebook'],
    },
    expect: ['<a href="https://mastodon.example/@port" rel="me noopener">Mastodon</a>'],
  },
  menu: { props: { location: 'primary' }, expect: [] },
  code: {
    props: { code: 'const a = "<b>";', language: 'javascript', caption: 'a.js' },
    expect: [
      '<figcaption>a.js</figcaption>',
      '<code class="hljs language-javascript"><span class="hljs-keyword">const</span>',
      '&quot;&lt;b&gt;&quot;',
    ],
  },
  logo: { props: {}, expect: [] },
  breadcrumb: { props: {}, expect: [] },
  testimonials: {
    props: { items: [{ quote: 'Lovely.', name: 'Ann', role: 'Guest', rating: 4 }] },
    expect: ['aria-label="4 out of 5">★★★★☆</p>', '<strong>Ann</strong>'],
  },
};

describe('every block type', () => {
  it('has a sample here, so a new block cannot go untested', () => {
    expect(Object.keys(samples).sort()).toEqual([...blockRegistry.keys()].sort());
  });

  for (const [type, sample] of Object.entries(samples))
    it(`${type} validates its props and renders`, () => {
      const checked = validateTree([
        {
          id: `b-${type}`,
          type,
          props: sample.props,
          ...(sample.children ? { children: sample.children } : {}),
        },
      ]);
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      const { html, css, scripts } = renderBlocks(checked.tree);
      expect(scripts).toEqual(sample.scripts ?? []);
      for (const part of sample.expect) expect(html).toContain(part);
      for (const part of sample.css ?? []) expect(css).toContain(part);
      expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
      // Styles live in the page's stylesheet, never in attributes.
      expect(html).not.toContain(' style=');
    });

  it('refuses links that could run code', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const checked = validateTree([{ type: 'button', props: { text: 'x', href } }]);
      expect(checked.ok).toBe(false);
    }
  });

  it('are served to the builder with their categories, children rules and HTML props', () => {
    const view = registryView();
    expect(view.find((block) => block.type === 'columns')).toMatchObject({
      category: 'layout',
      children: ['container'],
    });
    expect(view.find((block) => block.type === 'faq')).toMatchObject({ category: 'content' });
    expect(new Set(view.map((block) => block.category))).toEqual(
      new Set(['layout', 'content', 'media', 'navigation', 'data', 'dynamic']),
    );
    expect(view.find((block) => block.type === 'content-list')).toMatchObject({
      category: 'dynamic',
      dynamic: true,
    });
    expect(view.find((block) => block.type === 'heading')).toMatchObject({ dynamic: false });
  });
});

describe('embeds', () => {
  it('turn YouTube and Vimeo page addresses into their privacy-minded players, and nothing else', async () => {
    const { embedOf } = await import('./blocks/embeds.js');
    expect(embedOf('https://youtu.be/dQw4w9WgXcQ')?.src).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(embedOf('https://www.youtube.com/shorts/abcdefghijk')?.provider).toBe('YouTube');
    expect(embedOf('https://vimeo.com/76979871')?.src).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
    expect(embedOf('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedOf('not a url')).toBeNull();
  });

  it('load nothing from the provider before the click, and share links need a page address', () => {
    const checked = validateTree([
      { type: 'video', props: { url: 'https://vimeo.com/76979871', title: 'A "quoted" <title>' } },
    ]);
    if (!checked.ok) throw new Error('invalid');
    const html = renderTree(checked.tree);
    expect(html).not.toMatch(/<iframe[^>]* src=/);
    expect(html).toContain('&amp;#60;title&amp;#62;');
    const social = validateTree([{ type: 'social', props: { share: ['x', 'email'] } }]);
    if (!social.ok) throw new Error('invalid');
    expect(renderTree(social.tree, { media: () => null, pageUrl: 'https://site.test/a b' })).toContain(
      'href="https://x.com/intent/post?url=https%3A%2F%2Fsite.test%2Fa%20b"',
    );
    expect(renderTree(social.tree)).not.toContain('Share on');
  });
});

describe('logo block', () => {
  it("links home with the site's logo and name", () => {
    const checked = validateTree([{ type: 'logo', props: { showName: false } }]);
    if (!checked.ok) throw new Error('invalid');
    const html = renderTree(checked.tree, {
      media: () => null,
      site: { name: 'Harbour Notes', logoUrl: '/logo.svg', homeUrl: '/' },
    });
    // React 19 also hoists a preload for an image that is not lazy: the logo is in the first view.
    expect(html).toContain(
      '<a class="tb-logo" href="/"><img src="/logo.svg" alt="Harbour Notes" height="40"/></a>',
    );
  });
});

describe('breadcrumb block', () => {
  it('shows home, the ancestors and the current page, with BreadcrumbList data', () => {
    const checked = validateTree([{ type: 'breadcrumb', props: {} }]);
    if (!checked.ok) throw new Error('invalid');
    const html = renderTree(checked.tree, {
      media: () => null,
      pageUrl: 'https://site.test/about/team',
      site: { name: 'Site', logoUrl: null, homeUrl: '/' },
      trail: [
        { label: 'About', url: '/about' },
        { label: 'Team <3', url: '/about/team' },
      ],
    });
    expect(html).toContain(
      '<nav class="tb-breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><span aria-current="page">Team &lt;3</span></li></ol>',
    );
    expect(html).toContain('"item":"https://site.test/about/team"');
    expect(html).toContain('Team \\u003c3');
  });
});
