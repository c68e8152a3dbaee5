// The 500-block page the builder part of the bench edits (bench/builder.mjs): a landing page as
// people build them, not a list of one kind. Six chapters of hero, feature cards, a story in two
// columns, tabs and questions, quotes and figures, then an article that brings the count to exactly
// 500. Blocks sit 2 to 4 deep (section > grid > container > heading), images show two uploaded photos.

export const BLOCK_COUNT = 500;
const CHAPTERS = 6;

/**
 * The tree to save, every block's props completed with its type's defaults from
 * GET /api/builder/blocks (so only props the schema names are sent, and the required ones are there).
 */
export function builderPageTree(catalog, mediaIds) {
  const make = blockMaker(catalog);
  const photo = (n) => mediaIds[n % mediaIds.length];
  const chapters = Array.from({ length: CHAPTERS }, (_, c) => chapter(make, c, photo)).flat();
  const blocks = [...chapters, article(make, BLOCK_COUNT - countBlocks(chapters), photo)];
  const count = countBlocks(blocks);
  if (count !== BLOCK_COUNT) throw new Error(`the builder page has ${count} blocks, not ${BLOCK_COUNT}`);
  return blocks;
}

export function countBlocks(blocks) {
  return blocks.reduce((sum, block) => sum + 1 + countBlocks(block.children ?? []), 0);
}

/** `make(type, props, children)`: a block with the type's defaults under the props given. */
function blockMaker(catalog) {
  const byType = new Map(catalog.map((type) => [type.type, type]));
  return (type, props = {}, children) => {
    const schema = byType.get(type)?.props;
    if (!schema) throw new Error(`the server offers no block type "${type}"`);
    const known = schema.properties ?? {};
    // A typo here would be a 422 with a JSON path; named at once is quicker to fix.
    for (const key of Object.keys(props))
      if (!(key in known)) throw new Error(`block type "${type}" has no prop "${key}"`);
    const defaults = Object.fromEntries(
      Object.entries(known)
        .filter(([, property]) => property.default !== undefined)
        .map(([key, property]) => [key, structuredClone(property.default)]),
    );
    return { type, props: { ...defaults, ...props }, ...(children ? { children } : {}) };
  };
}

const rich = (text, c) =>
  `<p>${text} <strong>Chapter ${c + 1}</strong> keeps it <em>short</em>, with a <a href="/about">link</a>.</p>`;

/** One chapter: six sections, 74 blocks. */
function chapter(make, c, photo) {
  return [
    hero(make, c, photo),
    features(make, c, photo),
    story(make, c, photo),
    details(make, c),
    quotes(make, c),
    figures(make, c),
  ];
}

/** section > container > heading, text, two buttons, a photo: 7 blocks. */
function hero(make, c, photo) {
  return make('section', { padding: { desktop: 8, mobile: 4 }, backgroundColor: 'token:surface' }, [
    make('container', { width: 'wide' }, [
      make('heading', { text: `Sites that stay fast, part ${c + 1}`, level: c === 0 ? 1 : 2 }),
      make('paragraph', { content: rich('Build pages that load at once and read well everywhere.', c) }),
      make('button', { text: 'Start now', href: '/start' }),
      make('button', { text: 'See pricing', href: '/pricing', variant: 'outline' }),
      make('image', { media_id: photo(c), alt: 'A harbour at dawn', size: 'full' }),
    ]),
  ]);
}

/** section > heading, text, grid > six cards (container > photo?, heading, text, button): 31 blocks. */
function features(make, c, photo) {
  const card = (i) =>
    make(
      'container',
      { rounded: true, backgroundColor: 'token:surface', padding: { desktop: 4, mobile: 2 } },
      [
        ...(i % 2 === 0
          ? [make('image', { media_id: photo(c + i), alt: `Feature ${i + 1}`, size: 'medium' })]
          : []),
        make('heading', { text: `Feature ${i + 1} of chapter ${c + 1}`, level: 3 }),
        make('paragraph', { content: rich(`What feature ${i + 1} does for you.`, c) }),
        make('button', { text: 'Read more', href: `/features/${c}-${i}`, variant: 'text' }),
      ],
    );
  return make('section', {}, [
    make('heading', { text: 'What you get', level: 2, align: { desktop: 'center' } }),
    make('paragraph', {
      content: rich('Everything a site needs, nothing it does not.', c),
      align: { desktop: 'center' },
    }),
    make(
      'grid',
      { columns: { desktop: 3, tablet: 2, mobile: 1 }, gap: { desktop: 4 } },
      Array.from({ length: 6 }, (_, i) => card(i)),
    ),
  ]);
}

/** section > columns > two containers (heading, text, list, quote | photo, text, button): 11 blocks. */
function story(make, c, photo) {
  return make('section', {}, [
    make('columns', { ratio: '50-50' }, [
      make('container', {}, [
        make('heading', { text: 'How it started', level: 2 }),
        make('paragraph', { content: rich('A small team tired of slow pages.', c) }),
        make('list', { items: ['Pages under 50 ms', 'Accessible by default', 'No tracking'] }),
        make('quote', { text: 'We wanted the site to feel instant.', cite: 'The founders' }),
      ]),
      make('container', {}, [
        make('image', { media_id: photo(c + 1), alt: 'The team at work', caption: 'Our first office' }),
        make('paragraph', { content: rich('Ten years later, the same idea.', c) }),
        make('button', { text: 'Our story', href: '/story', variant: 'secondary' }),
      ]),
    ]),
  ]);
}

/** section > container > heading, tabs, spacer, FAQ, separator, text: 8 blocks. */
function details(make, c) {
  return make('section', {}, [
    make('container', { width: 'narrow' }, [
      make('heading', { text: 'The details', level: 2 }),
      make('tabs', {
        label: 'Plans',
        items: ['Starter', 'Team', 'Agency'].map((title) => ({
          title,
          content: `<p>The ${title} plan, with <strong>everything</strong> in chapter ${c + 1}.</p>`,
        })),
      }),
      make('spacer', { height: { desktop: 4, mobile: 2 } }),
      make('faq', {
        items: ['Is it free?', 'Can I export?', 'Where is it hosted?', 'Who owns the content?'].map(
          (question) => ({
            question,
            answer: `<p>${question.replace('?', '')}: yes, and it is said plainly.</p>`,
          }),
        ),
      }),
      make('separator', {}),
      make('paragraph', { content: rich('Still curious? Write to us.', c) }),
    ]),
  ]);
}

/** section > heading, grid > three containers (quote, text): 12 blocks. */
function quotes(make, c) {
  return make('section', {}, [
    make('heading', { text: 'What people say', level: 2 }),
    make(
      'grid',
      { columns: { desktop: 3, mobile: 1 } },
      ['Ada', 'Grace', 'Linus'].map((name, i) =>
        make('container', { padding: { desktop: 3 } }, [
          make('quote', { text: `Our pages load instantly now (${c + 1}.${i + 1}).`, cite: name }),
          make('paragraph', { content: `<p>${name}, editor since ${2015 + i}.</p>` }),
        ]),
      ),
    ),
  ]);
}

/** section > container > figures, heading, button: 5 blocks. */
function figures(make, c) {
  return make('section', { backgroundColor: 'token:surface' }, [
    make('container', {}, [
      make('statistics', {
        items: [
          { value: '99.9%', label: 'Uptime' },
          { value: '40 ms', label: 'Median page' },
          { value: `${c + 3},000`, label: 'Sites' },
        ],
      }),
      make('heading', { text: 'Ready when you are', level: 2, align: { desktop: 'center' } }),
      make('button', { text: 'Create your site', href: '/signup', size: 'large', align: 'center' }),
    ]),
  ]);
}

/** section > container > `total - 2` blocks of an article: headings, text, lists, quotes, photos. */
function article(make, total, photo) {
  const leaves = total - 2;
  if (leaves < 1) throw new Error(`no room left for the closing article (${total} blocks)`);
  const leaf = (i) => {
    switch (i % 8) {
      case 0:
        return make('heading', { text: `Part ${i / 8 + 1} of the guide`, level: 3 });
      case 3:
        return make('list', { items: ['Plan the page', 'Write the words', 'Publish'], ordered: true });
      case 5:
        return make('quote', { text: 'Simple pages age well.', cite: 'A reader' });
      case 6:
        return make('image', { media_id: photo(i), alt: `Illustration ${i}` });
      default:
        return make('paragraph', { content: rich(`Paragraph ${i + 1} of the guide.`, i % CHAPTERS) });
    }
  };
  return make('section', {}, [
    make(
      'container',
      { width: 'narrow' },
      Array.from({ length: leaves }, (_, i) => leaf(i)),
    ),
  ]);
}
