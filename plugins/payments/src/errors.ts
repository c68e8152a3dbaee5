import type { PluginAppError, PluginErrors } from '@tessera/plugin';
import { english, type FailureCode, wordsFor } from './words.js';

/**
 * The plugin's failures as the context's typed errors, each with its code and plain words. The
 * provider's own refusals (a bad key, a declined card, too many requests, an outage) arrive here
 * too, so the caller never sees a 500 for them.
 *
 * Statuses: the context offers 404, 409, 422 and 403 only. A provider that is busy or down would
 * rather be 429 and 502, and a webhook whose signature fails 400 (what Stripe's documentation
 * answers): those take 409 and 403 until the context has the others; the codes say which it is.
 */
const KIND: Record<FailureCode, 'not_found' | 'conflict' | 'invalid' | 'forbidden'> = {
  payment_not_found: 'not_found',
  payments_method_unavailable: 'invalid',
  payments_not_configured: 'conflict',
  payments_amount_mismatch: 'invalid',
  payments_refund_too_large: 'invalid',
  payments_not_refundable: 'conflict',
  payments_not_pending: 'conflict',
  payments_not_manual: 'conflict',
  payments_provider_key_refused: 'conflict',
  payments_card_declined: 'invalid',
  payments_provider_busy: 'conflict',
  payments_provider_unavailable: 'conflict',
  payments_provider_address_refused: 'conflict',
  payments_provider_refused: 'conflict',
  payments_signature_invalid: 'forbidden',
};

/** The field a 422 names, where the failure is one input's. */
const FIELD: Partial<Record<FailureCode, string>> = {
  payments_method_unavailable: 'method',
  payments_amount_mismatch: 'lineItems',
  payments_refund_too_large: 'amount',
};

export type Fail = (code: FailureCode, detail?: string) => PluginAppError;

/** Builds the error for a failure; `detail` (the provider's own words) follows the plain ones. */
export function failures(errors: PluginErrors): Fail {
  return (code, detail) => {
    const message = detail ? `${english.failure[code]} ${detail}` : english.failure[code];
    switch (KIND[code]) {
      case 'not_found':
        return new errors.NotFound('Payment', code);
      case 'invalid': {
        const field = FIELD[code];
        return new errors.ValidationFailed(field ? { [field]: [message] } : {}, message, code);
      }
      case 'forbidden':
        return new errors.Forbidden(message, code);
      default:
        return new errors.Conflict(message, code);
    }
  };
}

/** A payments failure in the buyer's language; null for anything else. */
export function explain(error: unknown, locale: string): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(KIND, code)) return null;
  return wordsFor(locale).failure[code as FailureCode];
}
