import type { PluginContext, PluginMailVariable, PluginSite } from '@tessera/plugin';

/**
 * The mail telling the shop's managers a variant's stock went low. The plugin context mails the
 * site's administrators (Admins and Super Admins, each in their own language) without handing the
 * plugin their addresses; it cannot mail the holders of `ecommerce.manage_products` who are not
 * administrators.
 */

export const LOW_STOCK_MAIL = 'ecommerce.low_stock';

const VARIABLES: PluginMailVariable[] = [
  { name: 'product.title', type: 'string', description: 'The product’s title', example: 'Linen shirt' },
  {
    name: 'product.variant',
    type: 'string',
    description: 'The variant’s options (empty without)',
    example: 'M / Blue',
  },
  { name: 'product.sku', type: 'string', description: 'The variant’s SKU', example: 'SHIRT-M-BLUE' },
  {
    name: 'product.url',
    type: 'url',
    description: 'The product in the admin',
    example: 'https://shop.example/admin/content/product/12',
  },
  { name: 'stock.on_hand', type: 'string', description: 'How many are left', example: '2' },
  {
    name: 'stock.threshold',
    type: 'string',
    description: 'The low-stock threshold it reached',
    example: '2',
  },
];

export function declareStockMail(plugin: PluginContext): void {
  plugin.mail.template(LOW_STOCK_MAIL, {
    description: 'A sale brought a variant’s stock to its low-stock threshold: to the site’s administrators',
    variables: VARIABLES,
    defaults: {
      en: {
        subject:
          'Low stock: {{ product.title }}{% if product.variant != "" %} ({{ product.variant }}){% endif %}',
        html: `<p>Only <strong>{{ stock.on_hand }}</strong> left of <a href="{{ product.url }}">{{ product.title }}</a>{% if product.variant != "" %}, {{ product.variant }}{% endif %} (SKU {{ product.sku }}): the low-stock threshold is {{ stock.threshold }}.</p>
<p class="action"><a class="button" href="{{ product.url }}">See the product</a></p>`,
        text: `Only {{ stock.on_hand }} left of {{ product.title }}{% if product.variant != "" %}, {{ product.variant }}{% endif %} (SKU {{ product.sku }}): the low-stock threshold is {{ stock.threshold }}.

See the product: {{ product.url }}
`,
      },
      fr: {
        subject:
          'Stock bas : {{ product.title }}{% if product.variant != "" %} ({{ product.variant }}){% endif %}',
        html: `<p>Il ne reste que <strong>{{ stock.on_hand }}</strong> <a href="{{ product.url }}">{{ product.title }}</a>{% if product.variant != "" %}, {{ product.variant }}{% endif %} (SKU {{ product.sku }}) : le seuil de stock bas est de {{ stock.threshold }}.</p>
<p class="action"><a class="button" href="{{ product.url }}">Voir le produit</a></p>`,
        text: `Il ne reste que {{ stock.on_hand }} {{ product.title }}{% if product.variant != "" %}, {{ product.variant }}{% endif %} (SKU {{ product.sku }}) : le seuil de stock bas est de {{ stock.threshold }}.

Voir le produit : {{ product.url }}
`,
      },
    },
  });
}

/**
 * The admin's address of a product. The context gives a site's domain but not its scheme: the
 * site is taken to be served over HTTPS, as the core's own mails take it.
 */
export function productAdminUrl(site: Pick<PluginSite, 'primary_domain'>, entryId: number | null): string {
  const base = `https://${site.primary_domain}/admin/content/product`;
  return entryId === null ? base : `${base}/${entryId}`;
}
