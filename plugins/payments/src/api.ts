import type { PluginOperation } from '@tessera/plugin';

/**
 * What the payments plugin offers the plugins that require it (`"requires": { "payments": "^1" }`),
 * through `plugin.api.of<PaymentsApi>('payments')`. Types only: a plugin imports them without
 * importing any of this plugin's code, `import type { PaymentsApi } from
 * '../../payments/src/api.js'`.
 *
 * The hooks' types are in hooks.d.ts: a plugin listening to them names it in its own sources,
 * `/// <reference path="../../payments/src/hooks.d.ts" />` (not from a file its tests import:
 * merged into the program that also checks the server, the declaration no longer matches the
 * server's own list of hooks).
 *
 * Call `start`, `refund` and `cancel` outside a transaction of your own: they wait on the provider,
 * and a transaction held open meanwhile blocks the site's writes.
 *
 * Money is in integer minor units of an ISO 4217 currency (1999 EUR is 19.99 €). A payment belongs
 * to its `purpose` (the calling plugin's name) and its `reference` (the caller's id for it, an
 * order's number), and learns its outcome from the provider's signed webhooks, never from the
 * buyer's browser coming back. The caller hears of each outcome exactly once through the action
 * hooks `payments.paid`, `payments.failed`, `payments.expired`, `payments.cancelled` and
 * `payments.refunded`, run in the transaction that records it: whatever the caller writes there
 * commits with the payment's change or not at all.
 */

/** Where a payment stands. `paid`, `failed`, `expired` and `cancelled` end `pending`; refunds follow `paid`. */
export type PaymentStatus =
  | 'pending'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'cancelled'
  | 'partially_refunded'
  | 'refunded';

/** `stripe`: the buyer pays on the provider's page; the two others are settled by hand. */
export type PaymentMethod = 'stripe' | 'bank_transfer' | 'cash_on_delivery';

export interface Payment {
  id: number;
  /** The plugin that asked for it (`ecommerce`). */
  purpose: string;
  /** The caller's id for it (an order's number). */
  reference: string;
  method: PaymentMethod;
  /** In minor units. */
  amount: number;
  /** ISO 4217, upper case (`EUR`). */
  currency: string;
  description: string;
  customer_email: string | null;
  status: PaymentStatus;
  /** In minor units; equal to `amount` once `refunded`. */
  amount_refunded: number;
  /** The provider's Checkout Session, once one was made. */
  provider_session_id: string | null;
  /** The provider's PaymentIntent, once the buyer paid (what refunds name). */
  provider_payment_intent: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

/** A line of what is paid for, as the provider's page lists it. */
export interface PaymentLineItem {
  name: string;
  /** Price of one, in minor units. */
  unitAmount: number;
  quantity: number;
}

export interface StartPayment {
  /** The calling plugin's name. */
  purpose: string;
  /** The caller's id for what is paid (an order's number): 1 to 100 characters. */
  reference: string;
  /** In minor units, at least 1. */
  amount: number;
  /** ISO 4217 (`EUR`, `usd`). */
  currency: string;
  /** Shown to the buyer on the provider's page and in the admin. */
  description: string;
  customerEmail?: string | null;
  /**
   * What the provider's page lists; their total must be `amount`. Without them the page shows one
   * line, the description, for the whole amount (shipping and taxes included).
   */
  lineItems?: readonly PaymentLineItem[];
  /**
   * Absolute addresses the provider sends the buyer back to once paid and when they give up. The
   * success page must not take the payment as made: the webhook says so (the page may show "we are
   * confirming your payment" until `get` says `paid`).
   */
  successUrl: string;
  cancelUrl: string;
  method: PaymentMethod;
  /** The buyer's language, for the instructions of a manual method (`fr`); the site's otherwise. */
  locale?: string;
}

export interface StartedPayment {
  id: number;
  status: PaymentStatus;
  /** Where to send the buyer (the provider's page); absent for a manual method. */
  redirectUrl?: string;
  /** What the buyer is to do (a manual method: the bank details, pay the courier). */
  instructions?: string;
}

/** A method the site offers, as a checkout page lists it. */
export interface PaymentMethodOffer {
  method: PaymentMethod;
  /** Its name in the language asked for (`Card`, `Virement bancaire`). */
  label: string;
  /** True when the buyer is sent to the provider's page to pay. */
  redirects: boolean;
  /** A manual method's instructions, as the site wrote them; empty for the others. */
  instructions: string;
}

/** A refund as the `payments.refunded` hook and the site event tell it. */
export interface PaymentRefund {
  id: number;
  /** In minor units: this refund alone. */
  amount: number;
  /** `site`: asked through Tessera; `provider`: made in the provider's dashboard, learnt from its webhook. */
  origin: 'site' | 'provider';
  created_at: string;
}

export interface PaymentsApi {
  /** The methods the site offers now, labelled in `locale` (the site's language when absent). */
  methods(ctx: PluginOperation, locale?: string): Promise<PaymentMethodOffer[]>;
  /**
   * Starts a payment: with `stripe`, makes a Checkout Session and answers where to send the buyer;
   * with a manual method, answers its instructions, the payment pending until someone marks it
   * received. Starting again for the same purpose, reference, method, amount and currency while the
   * first is pending gives the first back (a buyer clicking twice makes one session). Refused with
   * 422 for a method the site does not offer or input that does not hold, and with the provider's
   * refusal in plain words (`explain` says them in the buyer's language).
   */
  start(ctx: PluginOperation, input: StartPayment): Promise<StartedPayment>;
  /** A payment of the site; 404 `payment_not_found` otherwise. */
  get(ctx: PluginOperation, id: number): Promise<Payment>;
  /**
   * Refunds `amount` (the rest when absent) of a paid payment, through the provider for `stripe`,
   * recorded for a manual method (money given back by hand). More than what is left to refund is
   * 422 `payments_refund_too_large`. The actor must hold `payments.refund` (a job acting as the
   * system does).
   */
  refund(ctx: PluginOperation, id: number, amount?: number): Promise<Payment>;
  /** A manual payment's money arrived: pending to paid. The actor must hold `payments.manage`. */
  markReceived(ctx: PluginOperation, id: number): Promise<Payment>;
  /**
   * Ends a pending payment the caller no longer wants (an order cancelled): the provider's page is
   * closed first, so the buyer cannot pay it afterwards. A payment already paid is 409
   * `payments_not_pending` (refund it instead).
   */
  cancel(ctx: PluginOperation, id: number): Promise<Payment>;
  /** A payments error in words for the buyer, in `locale`; null for any other error. */
  explain(ctx: PluginOperation, error: unknown, locale: string): string | null;
}
