import type { PluginOperation } from '@tessera/plugin';

/**
 * The part of the payments plugin's `PaymentsApi` (plugins/payments/src/api.ts) the shop calls,
 * written out here: a plugin imports nothing but `@tessera/plugin`, so the shop cannot import that
 * file's types. Keep it in step with it; `plugin.api.of<PaymentsApi>('payments')` trusts it.
 */

export type PaymentMethod = 'stripe' | 'bank_transfer' | 'cash_on_delivery';

export type PaymentStatus =
  | 'pending'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'cancelled'
  | 'partially_refunded'
  | 'refunded';

export interface Payment {
  id: number;
  purpose: string;
  reference: string;
  method: PaymentMethod;
  amount: number;
  currency: string;
  status: PaymentStatus;
  amount_refunded: number;
  paid_at: string | null;
}

export interface StartPayment {
  purpose: string;
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
  method: PaymentMethod;
  locale?: string;
}

export interface StartedPayment {
  id: number;
  status: PaymentStatus;
  redirectUrl?: string;
  instructions?: string;
}

export interface PaymentsApi {
  start(ctx: PluginOperation, input: StartPayment): Promise<StartedPayment>;
  get(ctx: PluginOperation, id: number): Promise<Payment>;
  refund(ctx: PluginOperation, id: number, amount?: number): Promise<Payment>;
  cancel(ctx: PluginOperation, id: number): Promise<Payment>;
}
