import type { PaymentLineItem } from '../api.js';
import type { FormValue } from './form-encoding.js';

/**
 * The body of a Checkout Session request, for `mode=payment` now and `mode=subscription` (the
 * members' paid plans) later: each line priced inline (`price_data`), a recurring line carrying its
 * interval.
 */
export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  currency: string;
  lines: readonly (PaymentLineItem & { recurring?: { interval: 'day' | 'week' | 'month' | 'year' } })[];
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** Our ids, written on the session and on the payment it makes, to find ours in webhooks. */
  metadata: Record<string, string>;
  clientReferenceId: string;
}

export function checkoutParams(request: CheckoutRequest): { [key: string]: FormValue } {
  const currency = request.currency.toLowerCase();
  return {
    mode: request.mode,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.clientReferenceId,
    customer_email: request.customerEmail,
    line_items: request.lines.map((line) => ({
      price_data: {
        currency,
        unit_amount: line.unitAmount,
        product_data: { name: line.name },
        ...(line.recurring ? { recurring: { interval: line.recurring.interval } } : {}),
      },
      quantity: line.quantity,
    })),
    metadata: request.metadata,
    // Charges and refund events name the PaymentIntent, not the session: it carries our ids too.
    ...(request.mode === 'payment'
      ? { payment_intent_data: { metadata: request.metadata } }
      : { subscription_data: { metadata: request.metadata } }),
  };
}
