import type { Payment, PaymentRefund } from './api.js';

/**
 * The hooks the payments plugin fires, all in the `transaction` phase: inside the transaction that
 * records the payment's change, once per change whatever the provider sends twice or out of order.
 * A callback writes its own change there (an order marked paid) and it commits with the payment's or
 * not at all; throwing refuses the change (the provider's webhook is answered with the error and
 * sent again later). Filter on `payment.purpose`: every plugin's payments pass here.
 */
declare module '@tessera/plugin' {
  interface ActionHooks {
    /** The provider confirmed the money (or someone marked a manual payment received). */
    'payments.paid': [event: { payment: Payment }];
    /** The provider says the payment failed (a bank debit refused after the buyer left). */
    'payments.failed': [event: { payment: Payment }];
    /** The buyer never paid and the provider's page expired; nothing was taken. */
    'payments.expired': [event: { payment: Payment }];
    /** The payment was cancelled before it was paid (`cancel`). */
    'payments.cancelled': [event: { payment: Payment }];
    /** Money went back: `refund` is this refund, `payment` shows the total refunded so far. */
    'payments.refunded': [event: { payment: Payment; refund: PaymentRefund }];
  }
}
