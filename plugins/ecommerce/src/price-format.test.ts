import { describe, expect, it } from 'vitest';
import { formatPrice, isCurrency, minorDigits } from './price-format.js';

// Intl writes a no-break space (U+00A0) or a narrow one (U+202F) between figures and symbols.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('prices shown in a language', () => {
  it('write minor units with the currency, as the language writes money', () => {
    expect(plain(formatPrice(1999, 'EUR', 'fr'))).toBe('19,99 €');
    expect(formatPrice(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatPrice(123456789, 'USD', 'en')).toBe('$1,234,567.89');
    expect(plain(formatPrice(123456789, 'EUR', 'fr'))).toBe('1 234 567,89 €');
    expect(formatPrice(0, 'GBP', 'en')).toBe('£0.00');
  });

  it('know each currency’s minor unit: none for the yen, three for the Kuwaiti dinar', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(formatPrice(1999, 'JPY', 'en')).toBe('¥1,999');
    expect(plain(formatPrice(1999, 'KWD', 'en'))).toBe('KWD 1.999');
  });

  it('know ISO 4217 codes, in capitals only', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('CHF')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('EURO')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });
});
