import type { PluginContext, PluginMailVariable, PluginOperation } from '@tessera/plugin';
import { formatPrice } from './price-format.js';
import type { OrderAddress, StoredOrder } from './repo-orders.js';

/**
 * The buyer's mails, one per step of their order, in English and French, changeable per language
 * in the email templates screen. Each is queued in the transaction of the change it tells, so it
 * goes if and only if the change commits.
 */

export type OrderMail = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

const VARIABLES: PluginMailVariable[] = [
  { name: 'order.number', type: 'string', description: 'The order’s number', example: '000042' },
  {
    name: 'order.total',
    type: 'string',
    description: 'What the order costs, in the buyer’s language',
    example: '29,90 €',
  },
  {
    name: 'order.url',
    type: 'url',
    description: 'The order’s page for the buyer',
    example: 'https://shop.example/api/ecommerce/orders/000042?key=…',
  },
  {
    name: 'order.carrier',
    type: 'string',
    description: 'Who delivers it (once shipped)',
    example: 'Colissimo',
  },
  {
    name: 'order.tracking_number',
    type: 'string',
    description: 'Its tracking number (once shipped)',
    example: '6A12345678901',
  },
  { name: 'order.refunded', type: 'string', description: 'What was refunded (a refund)', example: '29,90 €' },
  {
    name: 'customer.name',
    type: 'string',
    description: 'The name on the delivery address',
    example: 'Ada Lovelace',
  },
];

/** Each mail's subject and sentence, in each language; the rest of the mail is shared. */
const WORDS: Record<OrderMail, { en: [string, string]; fr: [string, string] }> = {
  placed: {
    en: [
      'Your order {{ order.number }}',
      'We have your order {{ order.number }} of {{ order.total }}. We will write again once it is paid.',
    ],
    fr: [
      'Votre commande {{ order.number }}',
      'Nous avons bien reçu votre commande {{ order.number }} de {{ order.total }}. Nous vous écrirons dès qu’elle sera payée.',
    ],
  },
  paid: {
    en: [
      'Order {{ order.number }} is paid',
      'Your payment of {{ order.total }} for order {{ order.number }} arrived. We are preparing it.',
    ],
    fr: [
      'Commande {{ order.number }} payée',
      'Votre paiement de {{ order.total }} pour la commande {{ order.number }} est arrivé. Nous la préparons.',
    ],
  },
  shipped: {
    en: [
      'Order {{ order.number }} is on its way',
      'Your order {{ order.number }} left with {{ order.carrier }}, tracking number {{ order.tracking_number }}.',
    ],
    fr: [
      'Commande {{ order.number }} expédiée',
      'Votre commande {{ order.number }} est partie avec {{ order.carrier }}, numéro de suivi {{ order.tracking_number }}.',
    ],
  },
  delivered: {
    en: [
      'Order {{ order.number }} was delivered',
      'Your order {{ order.number }} was delivered. Thank you for buying from us.',
    ],
    fr: [
      'Commande {{ order.number }} livrée',
      'Votre commande {{ order.number }} a été livrée. Merci de votre achat.',
    ],
  },
  cancelled: {
    en: [
      'Order {{ order.number }} is cancelled',
      'Your order {{ order.number }} is cancelled. Nothing more will be charged for it.',
    ],
    fr: [
      'Commande {{ order.number }} annulée',
      'Votre commande {{ order.number }} est annulée. Rien de plus ne vous sera prélevé.',
    ],
  },
  refunded: {
    en: [
      'Refund for order {{ order.number }}',
      '{{ order.refunded }} of order {{ order.number }} was refunded to you.',
    ],
    fr: [
      'Remboursement de la commande {{ order.number }}',
      '{{ order.refunded }} de la commande {{ order.number }} vous ont été remboursés.',
    ],
  },
};

const LINK = { en: 'See your order', fr: 'Voir votre commande' };

export function declareOrderMails(plugin: PluginContext): void {
  for (const [event, words] of Object.entries(WORDS) as Array<[OrderMail, (typeof WORDS)[OrderMail]]>) {
    const language = (locale: 'en' | 'fr') => {
      const [subject, sentence] = words[locale];
      return {
        subject,
        html: `<p>{% if customer.name != "" %}{{ customer.name }}, {% endif %}${sentence}</p>
<p class="action"><a class="button" href="{{ order.url }}">${LINK[locale]}</a></p>`,
        text: `${sentence}\n\n${LINK[locale]}: {{ order.url }}\n`,
      };
    };
    plugin.mail.template(`ecommerce.order_${event}`, {
      description: `To the buyer: their order was ${event}`,
      variables: VARIABLES,
      defaults: { en: language('en'), fr: language('fr') },
    });
  }
}

/** Queues the buyer's mail of `event`, in their language, in the operation's transaction. */
export async function mailBuyer(
  plugin: PluginContext,
  ctx: PluginOperation,
  event: OrderMail,
  order: StoredOrder,
  url: string,
  refunded = 0,
): Promise<void> {
  const money = (amount: number) => formatPrice(amount, order.currency, order.locale);
  const address = JSON.parse(order.shipping_address) as OrderAddress;
  await plugin.mail.send(ctx, `ecommerce.order_${event}`, {
    to: order.email,
    locale: order.locale,
    variables: {
      order: {
        number: String(order.id).padStart(6, '0'),
        total: money(Number(order.total)),
        url,
        carrier: order.carrier ?? '',
        tracking_number: order.tracking_number ?? '',
        refunded: money(refunded),
      },
      customer: { name: address.name },
    },
  });
}
