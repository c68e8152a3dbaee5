import { describe, expect, it } from 'vitest';
import { checkOf, ENGLISH_ENTRY, FRENCH_ENTRY } from './fixtures.js';

const NBSP = '\u00a0';

describe('headings', () => {
  it('is good without an h1 and without skipped levels', () => {
    expect(checkOf(ENGLISH_ENTRY, 'headings').message).toBe(
      'The heading structure is sound: no h1 in the text and no skipped levels.',
    );
    expect(checkOf(FRENCH_ENTRY, 'headings', 'fr')).toMatchObject({
      status: 'good',
      message: `La structure des titres est correcte${NBSP}: pas de h1 dans le texte ni de niveau sauté.`,
    });
  });

  it('finds an h1 in the body a problem, the theme writing the title as h1', () => {
    const html = `<h1>Grow tomatoes</h1>${ENGLISH_ENTRY.html}`;
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'headings')).toMatchObject({
      status: 'problem',
      message: 'The text has 1 h1 heading while the theme already shows the title as h1: make it an h2.',
    });
    const french = `<h1>Un</h1><p>Texte.</p><h1>Deux</h1>`;
    expect(checkOf({ ...FRENCH_ENTRY, html: french }, 'headings', 'fr').message).toBe(
      `Le texte contient 2 titres h1 alors que le thème affiche déjà le titre en h1${NBSP}: passez-les en h2.`,
    );
  });

  it('asks to fix a skipped level, the first subheading included', () => {
    const skip = '<h2>Pots</h2><p>Text.</p><h4>Clay</h4><p>Text.</p>';
    expect(checkOf({ ...ENGLISH_ENTRY, html: skip }, 'headings')).toMatchObject({
      status: 'improve',
      message: 'The headings skip a level (h2 then h4): use h3 there instead.',
    });
    expect(checkOf({ ...FRENCH_ENTRY, html: '<h3>Frais</h3><p>Texte.</p>' }, 'headings', 'fr')).toMatchObject(
      {
        status: 'improve',
        message: `Les titres sautent un niveau (h1 puis h3)${NBSP}: employez plutôt h2 à cet endroit.`,
      },
    );
    // Going back up a level is fine.
    const back = '<h2>A</h2><h3>B</h3><h4>C</h4><h2>D</h2><h3>E</h3>';
    expect(checkOf({ ...ENGLISH_ENTRY, html: back }, 'headings').status).toBe('good');
  });

  it('asks for subheadings in a long text that has none', () => {
    const html = ENGLISH_ENTRY.html.replace(/<h[23]>.*?<\/h[23]>/g, '');
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'headings')).toMatchObject({
      status: 'improve',
      message: expect.stringMatching(
        /^The text runs \d+ words without a subheading: break it up with h2 headings\.$/,
      ),
    });
    expect(checkOf({ ...FRENCH_ENTRY, html: '<p>Un texte court.</p>' }, 'headings', 'fr').status).toBe(
      'good',
    );
  });
});

describe('image_alt', () => {
  it('is good when every image has alt text', () => {
    expect(checkOf(ENGLISH_ENTRY, 'image_alt').message).toBe('The image has alt text.');
    const html = '<img src=a alt="Un"><img src=b alt="Deux">';
    expect(checkOf({ ...FRENCH_ENTRY, html }, 'image_alt', 'fr')).toMatchObject({
      status: 'good',
      message: 'Les 2 images ont toutes un texte alternatif.',
    });
  });

  it('finds images without alt text (missing or empty) a problem, saying how many', () => {
    const html = '<img src=a alt="A plant"><img src=b><img src=c alt="  ">';
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'image_alt')).toMatchObject({
      status: 'problem',
      message: '2 of 3 images have no alt text: describe each one for screen readers and search engines.',
    });
    expect(
      checkOf({ ...FRENCH_ENTRY, html: '<img src=b><img src=c alt=Chat>' }, 'image_alt', 'fr').message,
    ).toBe(
      `1 image sur 2 n’a pas de texte alternatif${NBSP}: décrivez chacune pour les lecteurs d’écran et les moteurs de recherche.`,
    );
  });

  it('asks for an image when there is none', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: '<p>Text.</p>' }, 'image_alt')).toMatchObject({
      status: 'improve',
      message: 'The text has no image: add one, with alt text that describes it.',
    });
    expect(checkOf({ ...FRENCH_ENTRY, html: '<p>Texte.</p>' }, 'image_alt', 'fr').status).toBe('improve');
  });
});

describe('internal_links and outbound_links', () => {
  const links = (html: string, origin = 'https://example.com') =>
    [
      checkOf({ ...ENGLISH_ENTRY, html, origin }, 'internal_links').status,
      checkOf({ ...ENGLISH_ENTRY, html, origin }, 'outbound_links').status,
    ].join(' ');

  it('takes paths, relative links and the site’s own origin (with or without www) as internal', () => {
    expect(links('<a href="/a">a</a>')).toBe('good improve');
    expect(links('<a href="guide/b">b</a>')).toBe('good improve');
    expect(links('<a href="https://www.example.com/c">c</a>')).toBe('good improve');
    expect(links('<a href="//example.com/d">d</a>', 'https://www.example.com/')).toBe('good improve');
  });

  it('takes other hosts as outbound, and ignores anchors, mail and script links', () => {
    expect(links('<a href="https://example.org/">x</a>')).toBe('improve good');
    expect(links('<a href="https://shop.example.com/">x</a>')).toBe('improve good');
    expect(
      links(
        '<a href="#top">t</a><a href="mailto:a@b.c">m</a><a href="tel:1">t</a><a href="javascript:void 0">j</a>',
      ),
    ).toBe('improve improve');
  });

  it('says how many links there are, or what to add', () => {
    expect(checkOf(ENGLISH_ENTRY, 'internal_links').message).toBe(
      'The text has 1 link to other pages of this site.',
    );
    expect(checkOf(FRENCH_ENTRY, 'outbound_links', 'fr').message).toBe(
      'Le texte a 1 lien vers d’autres sites.',
    );
    expect(checkOf({ ...FRENCH_ENTRY, html: '<p>Rien.</p>' }, 'internal_links', 'fr').message).toBe(
      `Le texte n’a aucun lien vers d’autres pages de ce site${NBSP}: ajoutez-en pour que lecteurs et moteurs de recherche les trouvent.`,
    );
    expect(checkOf({ ...ENGLISH_ENTRY, html: '<p>Nothing.</p>' }, 'outbound_links').message).toBe(
      'The text has no link to other sites: link to a useful source where it helps the reader.',
    );
  });

  it('still sorts relative links as internal when the origin is missing', () => {
    expect(links('<a href="/a">a</a><a href="https://example.org">b</a>', '')).toBe('good good');
  });
});

describe('content_length', () => {
  const words = (count: number, word: string) => `<p>${`${word} `.repeat(count)}</p>`;

  it.each([
    [300, 'good'],
    [299, 'improve'],
    [150, 'improve'],
    [149, 'problem'],
    [0, 'problem'],
  ])('rates %i words %s', (count, status) => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: words(count, 'word') }, 'content_length').status).toBe(status);
    expect(checkOf({ ...FRENCH_ENTRY, html: words(count, 'l’été') }, 'content_length', 'fr').status).toBe(
      status,
    );
  });

  it('says how many words there are', () => {
    expect(checkOf(ENGLISH_ENTRY, 'content_length').message).toMatch(
      /^The text is \d+ words long, enough to cover the topic\.$/,
    );
    expect(checkOf({ ...FRENCH_ENTRY, html: words(200, 'mot') }, 'content_length', 'fr').message).toBe(
      `Le texte compte 200 mots${NBSP}: visez au moins 300.`,
    );
    expect(checkOf({ ...ENGLISH_ENTRY, html: words(1, 'word') }, 'content_length').message).toBe(
      'The text is only 1 word long: write at least 300 so the page has substance.',
    );
    expect(
      checkOf({ ...FRENCH_ENTRY, html: '<script>var a = 1;</script>' }, 'content_length', 'fr').message,
    ).toBe(`Le texte est vide${NBSP}: écrivez au moins 300 mots.`);
  });
});
