import type { ContentTypeDefinition, FieldDefinition } from '@tessera/plugin';

/**
 * Products are entries of a content type of the plugin's, so the engine's workflow, revisions,
 * translations, search, sitemaps, MCP tools and the SEO plugin apply to them as to posts.
 *
 * What lives where, and why:
 * - In the entry (revisioned, restored with a revision, exported and imported with it): the
 *   description, the gallery, the options and the variants with their SKUs, prices and weights.
 *   A price change is a content change someone makes, reviews and may undo.
 * - Shared by a product's translations (`localized: false`): the options, the variants and the
 *   tax class. A French translation sells the same SKUs at the same prices; its buyers read the
 *   translated title and description. Option names and values are the shop's words in its own
 *   language for now (translated labels come with the product pages).
 * - In the plugin's table `ecommerce_stock`, keyed by (site, SKU), never in the entry: how many
 *   are on hand changes with every sale, must be taken atomically by concurrent buyers, and has
 *   nothing to restore in a revision.
 */

/** Letters, digits, `.`, `_` and `-`: a SKU goes in addresses (`/api/ecommerce/stock/TSHIRT-M`) and on labels. */
export const SKU_PATTERN = '[A-Za-z0-9][A-Za-z0-9._-]{0,63}';

const optionValue = (key: string, label: string): FieldDefinition => ({
  key,
  label,
  type: 'text',
  max_length: 100,
  help_text: 'One of the values of that option',
});

const VARIANT_FIELDS: FieldDefinition[] = [
  { key: 'sku', label: 'SKU', type: 'text', required: true, max_length: 64, pattern: SKU_PATTERN },
  optionValue('option1', 'Option 1'),
  optionValue('option2', 'Option 2'),
  optionValue('option3', 'Option 3'),
  {
    key: 'price',
    label: 'Price',
    type: 'number',
    integer: true,
    min: 0,
    required: true,
    help_text: 'In cents (minor units of the shop’s currency): 1999 is 19.99',
  },
  {
    key: 'compare_at_price',
    label: 'Compare-at price',
    type: 'number',
    integer: true,
    min: 0,
    help_text: 'The usual price, shown struck through when above the price; in cents',
  },
  { key: 'weight', label: 'Weight (g)', type: 'number', integer: true, min: 0 },
  {
    key: 'track_stock',
    label: 'Track stock',
    type: 'checkbox',
    default: true,
    help_text: 'Count what is sold against the stock, and stop selling at none',
  },
  { key: 'image', label: 'Image', type: 'image' },
];

export const PRODUCT_TYPE: ContentTypeDefinition = {
  slug: 'product',
  singular_label: 'Product',
  plural_label: 'Products',
  description: 'What the shop sells, with its options and variants',
  route_pattern: '/products/{slug}',
  taxonomies: ['category', 'tag'],
  has_archive: true,
  display: { list_columns: ['title', 'status', 'updated_at'], icon: 'cart', menu_position: 25 },
  fields: [
    { key: 'description', label: 'Description', type: 'richtext' },
    {
      key: 'gallery',
      label: 'Gallery',
      type: 'image',
      multiple: true,
      max_items: 50,
      help_text: 'The first image is the product’s main one',
    },
    {
      key: 'options',
      label: 'Options',
      type: 'repeater',
      max_items: 3,
      localized: false,
      help_text: 'What buyers choose: size, colour…',
      fields: [
        { key: 'name', label: 'Name', type: 'text', required: true, max_length: 60 },
        {
          key: 'values',
          label: 'Values',
          type: 'repeater',
          min_items: 1,
          max_items: 100,
          fields: [{ key: 'value', label: 'Value', type: 'text', required: true, max_length: 100 }],
        },
      ],
    },
    {
      key: 'variants',
      label: 'Variants',
      type: 'repeater',
      max_items: 250,
      localized: false,
      help_text: 'One for each combination of the options’ values, each with its own SKU',
      fields: VARIANT_FIELDS,
    },
    {
      key: 'tax_class',
      label: 'Tax class',
      type: 'text',
      default: 'standard',
      max_length: 40,
      pattern: '[a-z0-9_-]{1,40}',
      localized: false,
      help_text: 'Which tax rates apply: standard, or a class the shop’s rates name (reduced…)',
    },
  ],
};
