import type { PluginContext, PluginOperation } from '@tessera/plugin';
import type { FailureCode } from '../words.js';
import { encodeForm, type FormValue } from './form-encoding.js';

/**
 * Stripe's HTTP API, as much of it as the plugin uses, through the context's guarded requests. A
 * call answers the object, or the failure in the plugin's terms: which of its plain-word failures
 * it is, Stripe's own message for the logs and the admin, and whether Stripe keeps that answer for
 * the idempotency key (it does once the endpoint ran: a declined card, a 500), so a retry must use
 * a new key, or not (a refused key, too many requests, no answer at all), so a retry may reuse it.
 */

export interface StripeKeys {
  secretKey: string;
  apiBase: string;
}

export type StripeAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; code: FailureCode; detail: string | null; kept: boolean; answered: boolean };

/** Stripe's error body: `{ error: { type, code, message, param, decline_code } }`. */
interface StripeErrorBody {
  error?: { type?: string; code?: string; message?: string; param?: string; decline_code?: string };
}

/** How long a call may go without a byte; Stripe answers within seconds, and a buyer is waiting. */
const TIMEOUT_MS = 30_000;

export function stripeClient(plugin: PluginContext) {
  async function call<T>(
    ctx: PluginOperation,
    keys: StripeKeys,
    method: 'GET' | 'POST',
    path: string,
    params: { readonly [key: string]: FormValue } | null,
    idempotencyKey: string | null,
  ): Promise<StripeAnswer<T>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${keys.secretKey}`,
      accept: 'application/json',
    };
    if (params) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let answer: Awaited<ReturnType<typeof plugin.http.request>>;
    try {
      answer = await plugin.http.request(ctx, `${keys.apiBase.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        ...(params ? { body: encodeForm(params) } : {}),
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      plugin.log.warn({ err: error, path }, 'the payment provider could not be reached');
      return {
        ok: false,
        code:
          code === 'private_address' ? 'payments_provider_address_refused' : 'payments_provider_unavailable',
        detail: null,
        kept: false,
        answered: false,
      };
    }
    let body: unknown = null;
    try {
      body = answer.json();
    } catch {
      body = null;
    }
    if (answer.status >= 200 && answer.status < 300 && body && typeof body === 'object')
      return { ok: true, value: body as T };
    const error = (body as StripeErrorBody | null)?.error ?? {};
    const failure = failureOf(answer.status, error.type);
    plugin.log.warn(
      { path, status: answer.status, type: error.type, code: error.code, param: error.param },
      'the payment provider refused a request',
    );
    return {
      ok: false,
      code: failure,
      detail: failure === 'payments_provider_refused' && error.message ? error.message : null,
      kept: answer.status === 402 || answer.status >= 500,
      answered: true,
    };
  }

  return {
    createCheckoutSession: (
      ctx: PluginOperation,
      keys: StripeKeys,
      params: { readonly [key: string]: FormValue },
      idempotencyKey: string,
    ) => call<CheckoutSession>(ctx, keys, 'POST', '/v1/checkout/sessions', params, idempotencyKey),
    expireCheckoutSession: (ctx: PluginOperation, keys: StripeKeys, id: string, idempotencyKey: string) =>
      call<CheckoutSession>(
        ctx,
        keys,
        'POST',
        `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`,
        {},
        idempotencyKey,
      ),
    retrieveCheckoutSession: (ctx: PluginOperation, keys: StripeKeys, id: string) =>
      call<CheckoutSession>(ctx, keys, 'GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, null, null),
    createRefund: (
      ctx: PluginOperation,
      keys: StripeKeys,
      params: { readonly [key: string]: FormValue },
      idempotencyKey: string,
    ) => call<Refund>(ctx, keys, 'POST', '/v1/refunds', params, idempotencyKey),
  };
}

export type StripeClient = ReturnType<typeof stripeClient>;

/** Stripe's status and error type in the plugin's words. */
export function failureOf(status: number, type: string | undefined): FailureCode {
  if (status === 401 || status === 403) return 'payments_provider_key_refused';
  if (status === 402 || type === 'card_error') return 'payments_card_declined';
  if (status === 429) return 'payments_provider_busy';
  if (status >= 500 || type === 'api_error') return 'payments_provider_unavailable';
  return 'payments_provider_refused';
}

/** The fields of a Checkout Session the plugin reads. */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
}

/** The fields of a Refund the plugin reads. */
export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled' | null;
  payment_intent: string | null;
  metadata: Record<string, string> | null;
}

/** The fields of a Charge the plugin reads (`charge.refunded`). */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  payment_intent: string | null;
  refunded: boolean;
}

/** An event as Stripe sends it to a webhook endpoint. */
export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
}
