import { MESSAGES } from '../../../core/i18n/catalogue/index.js';
import { languageOf } from '../../../core/i18n/language.js';
import type { FieldDefinition } from '../fields/definition.js';
import type { TaxonomyInput } from '../taxonomies/taxonomy.js';
import type { ContentTypeInput } from './content-type.js';

/**
 * What every site has from the start, as WordPress users expect: pages (a tree, built with blocks)
 * and posts (dated, with categories, tags, comments and a feed). They are ordinary rows of the same
 * engine, marked built-in so they cannot be deleted or lose their nature.
 */
/** The body of a post: rich text, as in WordPress's classic editor or Ghost. */
export const POST_CONTENT: FieldDefinition = {
  key: 'content',
  label: 'Content',
  type: 'richtext',
  help_text: 'The article itself. The excerpt is taken from its beginning when none is written.',
};

export const builtinTypes: ContentTypeInput[] = [
  {
    slug: 'page',
    singular_label: 'Page',
    plural_label: 'Pages',
    description: 'Static pages arranged in a tree, laid out with the page builder.',
    fields: [],
    taxonomies: [],
    display: { list_columns: ['title', 'status', 'author', 'updated_at'], icon: 'file', menu_position: 20 },
    route_pattern: '/{path}',
    hierarchical: true,
    has_archive: false,
    allows_comments: false,
    uses_builder: true,
    in_feed: false,
  },
  {
    slug: 'post',
    singular_label: 'Post',
    plural_label: 'Posts',
    description: 'Dated articles with categories and tags, comments and an RSS feed.',
    fields: [POST_CONTENT],
    taxonomies: ['category', 'tag'],
    display: {
      list_columns: ['title', 'status', 'author', 'category', 'published_at'],
      icon: 'pencil',
      menu_position: 10,
    },
    route_pattern: '/{yyyy}/{mm}/{slug}',
    hierarchical: false,
    has_archive: true,
    allows_comments: true,
    uses_builder: false,
    in_feed: true,
  },
];

export const builtinTaxonomies: TaxonomyInput[] = [
  { slug: 'category', singular_label: 'Category', plural_label: 'Categories', hierarchical: true },
  { slug: 'tag', singular_label: 'Tag', plural_label: 'Tags', hierarchical: false },
];

/** The category a post falls back to when it has none (WordPress's "Uncategorized"), as English sites have it. */
export const DEFAULT_CATEGORY = {
  slug: 'uncategorized',
  name: MESSAGES.en.content.taxonomies.defaultCategoryName,
};

/**
 * The default category as a new site gets it: named in the site's default language ("Non classé"
 * on a French site), its slug `uncategorized` in every language so addresses and references hold.
 */
export function defaultCategoryIn(locale: string): { slug: string; name: string } {
  return {
    slug: DEFAULT_CATEGORY.slug,
    name: MESSAGES[languageOf(locale, undefined)].content.taxonomies.defaultCategoryName,
  };
}
