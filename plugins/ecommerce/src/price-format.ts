/**
 * Prices as people read them, in a language: `formatPrice(1999, 'EUR', 'fr')` is `19,99 €`,
 * `formatPrice(1999, 'EUR', 'en')` `€19.99`, `formatPrice(1999, 'JPY', 'ja')` `￥1,999`. The one place
 * minor units become a shown amount, so a page, a mail and a message never disagree.
 */

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/**
 * How many digits the currency's minor unit has (EUR 2, JPY 0, KWD 3): what 1 of our integers is
 * worth. Intl knows ISO 4217's figures.
 */
export function minorDigits(currency: string): number {
  return formatOf(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/** `minor` units of `currency`, written as `locale` writes money. */
export function formatPrice(minor: number, currency: string, locale: string): string {
  return formatOf(currency, locale).format(minor / 10 ** minorDigits(currency));
}

/** Whether Intl knows the ISO 4217 code (`EUR`, not `eur` nor `EURO`). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}
