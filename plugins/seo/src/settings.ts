import type { PluginContext } from '@tessera/plugin';

/** Separators a title template's `{{sep}}` can be: those Yoast and Rank Math offer. */
export const SEPARATORS = ['–', '—', '-', '|', '·', '•', '/', '»', '~'] as const;

/** The title and description a kind of page gets when its entry sets none of its own. */
export interface Templates {
  title: string;
  description: string;
}

export interface SeoSettings {
  separator: (typeof SEPARATORS)[number];
  /** Entries of any type without one of their own in `types`. */
  entries: Templates;
  /** By content type slug (`post`, `product`): what differs from `entries`. */
  types: Record<string, Partial<Templates>>;
  home: Templates;
  /** Lists: a type's archive, a category's or a tag's entries. */
  archives: Templates;
  /** The social image of pages that have none (a media library image's id). */
  default_image: number | null;
  /** Who publishes the site, for JSON-LD: an organization (its logo) or a person. */
  publisher: { kind: 'organization' | 'person'; name: string; logo: number | null; same_as: string[] };
  /** `@handle` of the site's account, for Twitter cards. */
  twitter_site: string;
  /** Every page `noindex`, and a robots.txt that disallows everything: a site not yet open. */
  discourage_search_engines: boolean;
  /** robots.txt as the administrator writes it; empty: Tessera's own. The Sitemap line is added. */
  robots_txt: string;
  sitemaps: { exclude_types: string[]; exclude_taxonomies: string[]; images: boolean };
}

export const DEFAULTS: SeoSettings = {
  separator: '–',
  entries: { title: '{{title}} {{sep}} {{site}}', description: '' },
  types: {},
  home: { title: '{{site}} {{sep}} {{tagline}}', description: '{{tagline}}' },
  archives: { title: '{{title}} {{sep}} {{site}}', description: '' },
  default_image: null,
  publisher: { kind: 'organization', name: '', logo: null, same_as: [] },
  twitter_site: '',
  discourage_search_engines: false,
  robots_txt: '',
  sitemaps: { exclude_types: [], exclude_taxonomies: [], images: true },
};

const VARIABLES =
  'Variables: {{title}}, {{site}}, {{tagline}}, {{sep}}, {{excerpt}}, {{author}}, {{date}}, {{type}}.';

/** The settings group `seo`: a TypeBox schema built with the context's builder, and its defaults. */
export function seoSettingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  const template = (title: string, description: string) =>
    T.Object(
      {
        title: T.String({ maxLength: 200, title: 'Title', description }),
        description: T.String({ maxLength: 400, title: 'Description', description: VARIABLES }),
      },
      { additionalProperties: false, title },
    );
  return T.Object(
    {
      separator: T.Union(
        SEPARATORS.map((sep) => T.Literal(sep)),
        { title: 'Separator', description: 'What {{sep}} stands for in the title templates.' },
      ),
      entries: template('Entries', `The title of an entry's page. ${VARIABLES}`),
      types: T.Record(
        T.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' }),
        T.Object(
          {
            title: T.Optional(T.String({ maxLength: 200 })),
            description: T.Optional(T.String({ maxLength: 400 })),
          },
          { additionalProperties: false },
        ),
        {
          title: 'By content type',
          description:
            'Templates of one type that differ from the entries\' (`{ "post": { "title": "..." } }`).',
        },
      ),
      home: template('Home page', `The home page's title. ${VARIABLES}`),
      archives: template(
        'Archives',
        `The title of a list of entries (a category, a tag, a type). ${VARIABLES}`,
      ),
      default_image: T.Union([T.Integer({ minimum: 1 }), T.Null()], {
        title: 'Default social image',
        description: 'Shared with pages that have none of their own.',
        'x-input': 'image',
      }),
      publisher: T.Object(
        {
          kind: T.Union([T.Literal('organization'), T.Literal('person')], { title: 'Published by' }),
          name: T.String({ maxLength: 200, title: 'Name', description: "Empty: the site's title." }),
          logo: T.Union([T.Integer({ minimum: 1 }), T.Null()], {
            title: 'Logo',
            description: "The id of a media library image: the organization's logo in search results.",
          }),
          same_as: T.Array(T.String({ maxLength: 500, pattern: '^https?://\\S+$' }), {
            maxItems: 20,
            title: 'Profiles',
            description: 'Addresses of its profiles elsewhere (social networks, Wikipedia).',
          }),
        },
        { additionalProperties: false, title: 'Publisher' },
      ),
      twitter_site: T.String({
        maxLength: 16,
        pattern: '^(@[A-Za-z0-9_]{1,15})?$',
        title: 'Twitter account',
        description: "The site's @handle on Twitter cards; empty: none.",
      }),
      discourage_search_engines: T.Boolean({
        title: 'Discourage search engines',
        description: 'Every page asks not to be indexed and robots.txt disallows everything.',
      }),
      robots_txt: T.String({
        maxLength: 20_000,
        title: 'robots.txt',
        description: "The rules for crawlers; empty: Tessera's own. The Sitemap line is added for you.",
        'x-input': 'multiline',
      }),
      sitemaps: T.Object(
        {
          exclude_types: T.Array(T.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' }), {
            maxItems: 100,
            title: 'Content types left out',
          }),
          exclude_taxonomies: T.Array(T.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' }), {
            maxItems: 100,
            title: 'Taxonomies left out',
          }),
          images: T.Boolean({ title: 'List images', description: "Each entry's images in the sitemaps." }),
        },
        { additionalProperties: false, title: 'Sitemaps' },
      ),
    },
    { additionalProperties: false, title: 'SEO' },
  );
}
