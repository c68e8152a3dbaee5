import type { PluginContext } from '@tessera/plugin';

/** The settings group `payments`, per site: the provider and its keys, and the manual methods. */
export interface PaymentsSettings {
  provider: 'none' | 'stripe';
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
  stripe_publishable_key: string | null;
  stripe_api_base: string;
  bank_transfer: boolean;
  bank_transfer_instructions: string;
  cash_on_delivery: boolean;
  cash_on_delivery_instructions: string;
}

export const STRIPE_API = 'https://api.stripe.com';

export const DEFAULTS: PaymentsSettings = {
  provider: 'none',
  stripe_secret_key: null,
  stripe_webhook_secret: null,
  stripe_publishable_key: null,
  stripe_api_base: STRIPE_API,
  bank_transfer: false,
  bank_transfer_instructions: '',
  cash_on_delivery: false,
  cash_on_delivery_instructions: '',
};

/** Sealed at rest, never answered back: they move money or forge its confirmations. */
export const SECRETS = ['stripe_secret_key', 'stripe_webhook_secret'];

export function settingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  const key = (title: string, description: string) =>
    T.Union([T.String({ minLength: 1, maxLength: 255 }), T.Null()], { title, description });
  return T.Object(
    {
      provider: T.Union([T.Literal('none', { title: 'None' }), T.Literal('stripe', { title: 'Stripe' })], {
        title: 'Card payments',
        description: 'The provider whose page buyers pay on. None: only the manual methods below.',
      }),
      stripe_secret_key: key(
        'Stripe secret key',
        'sk_live_… (or sk_test_… to try it): from the Developers, API keys page.',
      ),
      stripe_webhook_secret: key(
        'Stripe webhook signing secret',
        'whsec_…: from the webhook endpoint you add for /api/payments/stripe/webhook on this site, sending the checkout.session and charge.refunded events.',
      ),
      stripe_publishable_key: key('Stripe publishable key', 'pk_live_… (or pk_test_…): not secret.'),
      stripe_api_base: T.String({
        minLength: 8,
        maxLength: 200,
        title: 'Stripe API address',
        description: 'Leave as it is: only tests point it elsewhere, at an address on this machine.',
      }),
      bank_transfer: T.Boolean({
        title: 'Bank transfer',
        description: 'On: buyers may pay by bank transfer, shown the instructions below. Off: not offered.',
      }),
      bank_transfer_instructions: T.String({
        maxLength: 2000,
        title: 'Bank transfer instructions',
        description: 'Shown to the buyer: the account’s name and IBAN, and the reference to give.',
        'x-input': 'multiline',
      }),
      cash_on_delivery: T.Boolean({
        title: 'Cash on delivery',
        description: 'On: buyers may pay the courier, shown the instructions below. Off: not offered.',
      }),
      cash_on_delivery_instructions: T.String({
        maxLength: 2000,
        title: 'Cash on delivery instructions',
        description: 'Shown to the buyer (the exact change, cards taken or not).',
        'x-input': 'multiline',
      }),
    },
    { title: 'Payments', additionalProperties: false },
  );
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Stripe's own address, or one on this machine (a test's fake, which the site reaches only once a
 * Super Admin allows private addresses). Never another host: the secret key goes with every
 * request, and an administrator who may not read it must not be able to send it elsewhere.
 */
export function apiBaseAllowed(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin === STRIPE_API && (url.pathname === '/' || url.pathname === '')) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.test(url.hostname);
}

/** What the schema cannot say: what the chosen provider and methods need. */
export function checkSettings(values: PaymentsSettings): Record<string, string> {
  const messages: Record<string, string> = {};
  if (values.provider === 'stripe') {
    if (typeof values.stripe_secret_key !== 'string')
      messages.stripe_secret_key = 'Enter the secret key to take card payments through Stripe.';
    if (typeof values.stripe_webhook_secret !== 'string')
      messages.stripe_webhook_secret =
        'Enter the webhook signing secret: without it no payment can be confirmed.';
  }
  if (!apiBaseAllowed(values.stripe_api_base))
    messages.stripe_api_base = `Use ${STRIPE_API} (an address on this machine only for tests).`;
  if (values.bank_transfer && values.bank_transfer_instructions.trim() === '')
    messages.bank_transfer_instructions = 'Say where to send the money: the account’s name and IBAN.';
  return messages;
}
