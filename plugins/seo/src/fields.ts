import type { FieldDefinition } from '@tessera/plugin';

/**
 * The fields the plugin adds to every content type; the engine keeps them under the plugin's area
 * (`seo.title`...), revisioned and translated with the entry, in the REST API and MCP like any.
 */
export const SEO_FIELDS: readonly FieldDefinition[] = [
  {
    key: 'title',
    label: 'SEO title',
    type: 'text',
    max_length: 200,
    help_text:
      'The title in search results; empty: the type’s template. Variables such as {{site}} work here too.',
  },
  {
    key: 'description',
    label: 'Meta description',
    type: 'textarea',
    max_length: 400,
    help_text: 'The text under the title in search results; empty: the excerpt, then the first paragraph.',
  },
  {
    key: 'image',
    label: 'Social image',
    type: 'image',
    help_text: 'The image shown when the page is shared; empty: the featured image, then the site’s default.',
  },
  {
    key: 'focus_keyphrase',
    label: 'Focus keyphrase',
    type: 'text',
    max_length: 100,
    help_text: 'The words people search to find this page: the SEO score checks the page for them.',
  },
  { key: 'noindex', label: 'Hide from search engines', type: 'checkbox', default: false },
  { key: 'nofollow', label: 'Ask search engines not to follow its links', type: 'checkbox', default: false },
  {
    key: 'canonical',
    label: 'Canonical address',
    type: 'url',
    max_length: 2000,
    help_text: 'Where the original of this content lives, when it is not this page; empty: this page.',
  },
];

/** An entry's SEO fields as the engine hands them over (`seo.<key>` in its fields). */
export interface EntrySeo {
  title: string;
  description: string;
  image: number | null;
  focusKeyphrase: string;
  noindex: boolean;
  nofollow: boolean;
  canonical: string;
}

/** The SEO fields of an entry's field values, each with its empty value when unset or malformed. */
export function entrySeo(fields: Readonly<Record<string, unknown>>): EntrySeo {
  const text = (key: string) => {
    const value = fields[`seo.${key}`];
    return typeof value === 'string' ? value.trim() : '';
  };
  const image = fields['seo.image'];
  return {
    title: text('title'),
    description: text('description'),
    image: typeof image === 'number' && Number.isInteger(image) ? image : null,
    focusKeyphrase: text('focus_keyphrase'),
    noindex: fields['seo.noindex'] === true,
    nofollow: fields['seo.nofollow'] === true,
    canonical: text('canonical'),
  };
}
