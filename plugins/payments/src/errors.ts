import type { PluginAppError, PluginErrors } from '@tessera/plugin';
import { english, type FailureCode, wordsFor } from './words.js';

/**
 * The plugin's failures as the context's typed errors, each with its code and plain words. The
 * provider's own refusals (a bad key, a declined card, too many requests, an outage) arrive here
 * too, so the caller never sees a 500 for them.
 *
 * Statuses: a provider that is busy is 429 (Retry-After a minute, as the words say), one that is
 * down or unreachable 502, a webhook whose signature does not hold 400 (what Stripe's documentation
 * expects of an endpoint).
 */
type Kind = 'not_found' | 'conflict' | 'invalid' | 'bad_request' | 'rate_limited' | 'bad_gateway';
const KIND: Record<FailureCode, Kind> = {
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
  payments_provider_busy: 'rate_limited',
  payments_provider_unavailable: 'bad_gateway',
  payments_provider_address_refused: 'conflict',
  payments_provider_refused: 'conflict',
  payments_signature_invalid: 'bad_request',
};

/** How long a caller told the provider is busy waits before trying again. */
const BUSY_RETRY_SECONDS = 60;

/** The field a 422 names, where the failure is one input's. */
const FIELD: Partial<Record<FailureCode, string>> = {
  payments_method_unavailable: 'method',
  payments_amount_mismatch: 'lineItems',
  payments_refund_too_large: 'amount',
};

export type Fail = (code: FailureCode, detail?: string) => PluginAppError;

/** Builds the error for a failure; `detail` (the provider's own words) follows the plain ones. */
export function failures(errors: PluginErrors, locale = 'en'): Fail {
  const words = locale === 'en' ? english : wordsFor(locale);
  return (code, detail) => {
    const message = detail ? `${words.failure[code]} ${detail}` : words.failure[code];
    switch (KIND[code]) {
      case 'not_found':
        return new errors.NotFound('Payment', code);
      case 'invalid': {
        const field = FIELD[code];
        return new errors.ValidationFailed(field ? { [field]: [message] } : {}, message, code);
      }
      case 'bad_request':
        return new errors.BadRequest(message, code);
      case 'rate_limited':
        return new errors.TooManyRequests(BUSY_RETRY_SECONDS, message, code);
      case 'bad_gateway':
        return new errors.UpstreamFailed(message, code);
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

/**
 * Runs a route's work and says its payments failures in the caller's language (the services throw
 * them in English, since a job or another plugin may be the caller). The provider's own words, in
 * English from Stripe, are left out of the translated message.
 */
export async function inLanguage<T>(
  errors: PluginErrors,
  locale: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (locale === 'en' || typeof code !== 'string' || !Object.hasOwn(KIND, code)) throw error;
    throw failures(errors, locale)(code as FailureCode);
  }
}
