import type { PaymentMethod } from './api.js';

/**
 * What the plugin says to buyers and to the people running the shop, in English and French. Route
 * errors are said in the caller's language (errors.ts `inLanguage`); the shop's pages ask `explain`
 * for the buyer's language.
 */

/** Every failure the plugin reports, by its code. */
export type FailureCode =
  | 'payment_not_found'
  | 'payments_method_unavailable'
  | 'payments_not_configured'
  | 'payments_amount_mismatch'
  | 'payments_refund_too_large'
  | 'payments_not_refundable'
  | 'payments_not_pending'
  | 'payments_not_manual'
  | 'payments_provider_key_refused'
  | 'payments_card_declined'
  | 'payments_provider_busy'
  | 'payments_provider_unavailable'
  | 'payments_provider_address_refused'
  | 'payments_provider_refused'
  | 'payments_signature_invalid';

export interface Words {
  method: Record<PaymentMethod, string>;
  failure: Record<FailureCode, string>;
}

const en: Words = {
  method: {
    stripe: 'Card',
    bank_transfer: 'Bank transfer',
    cash_on_delivery: 'Cash on delivery',
  },
  failure: {
    payment_not_found: 'Payment not found.',
    payments_method_unavailable: 'This way of paying is not offered here; choose another.',
    payments_not_configured:
      'Card payments are not set up yet: enter the provider’s secret key in the Payments settings.',
    payments_amount_mismatch: 'The lines to pay do not add up to the amount.',
    payments_refund_too_large: 'That is more than what is left to refund on this payment.',
    payments_not_refundable: 'Only a paid payment can be refunded.',
    payments_not_pending: 'This payment is no longer pending.',
    payments_not_manual: 'Only a bank transfer or a cash payment is marked received by hand.',
    payments_provider_key_refused:
      'The payment provider refused the site’s key: check the secret key in the Payments settings.',
    payments_card_declined: 'The card was declined. Try another card or another way of paying.',
    payments_provider_busy: 'The payment provider is busy. Please try again in a minute.',
    payments_provider_unavailable:
      'The payment provider cannot be reached just now. Nothing was charged; please try again in a few minutes.',
    payments_provider_address_refused:
      'The payment provider’s address is a private one, which this site may not call.',
    payments_provider_refused: 'The payment provider refused the request.',
    payments_signature_invalid:
      'The event’s signature does not match: it was not sent by the payment provider.',
  },
};

const fr: Words = {
  method: {
    stripe: 'Carte bancaire',
    bank_transfer: 'Virement bancaire',
    cash_on_delivery: 'Paiement à la livraison',
  },
  failure: {
    payment_not_found: 'Paiement introuvable.',
    payments_method_unavailable: 'Ce moyen de paiement n’est pas proposé ici ; choisissez-en un autre.',
    payments_not_configured:
      'Le paiement par carte n’est pas encore configuré : saisissez la clé secrète du prestataire dans les réglages Paiements.',
    payments_amount_mismatch: 'Les lignes à payer ne correspondent pas au montant.',
    payments_refund_too_large: 'C’est plus que ce qui reste à rembourser sur ce paiement.',
    payments_not_refundable: 'Seul un paiement payé peut être remboursé.',
    payments_not_pending: 'Ce paiement n’est plus en attente.',
    payments_not_manual: 'Seuls un virement ou un paiement en espèces se marquent reçus à la main.',
    payments_provider_key_refused:
      'Le prestataire de paiement a refusé la clé du site : vérifiez la clé secrète dans les réglages Paiements.',
    payments_card_declined: 'La carte a été refusée. Essayez une autre carte ou un autre moyen de paiement.',
    payments_provider_busy: 'Le prestataire de paiement est surchargé. Réessayez dans une minute.',
    payments_provider_unavailable:
      'Le prestataire de paiement est injoignable pour le moment. Rien n’a été débité ; réessayez dans quelques minutes.',
    payments_provider_address_refused:
      'L’adresse du prestataire de paiement est une adresse privée, que ce site n’a pas le droit d’appeler.',
    payments_provider_refused: 'Le prestataire de paiement a refusé la demande.',
    payments_signature_invalid:
      'La signature de l’événement ne correspond pas : il n’a pas été envoyé par le prestataire de paiement.',
  },
};

/** The words for a language (`fr`, `fr-CA`...); English for any other. */
export function wordsFor(locale: string): Words {
  return locale === 'fr' || locale.startsWith('fr-') ? fr : en;
}

export const english = en;
