/** The part of Ajv this module needs: its format table. */
interface FormatTable {
  formats: Record<string, unknown>;
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/**
 * Narrows the `date-time` format to the instants JavaScript can hold. RFC 3339 allows a leap second
 * (`23:59:60`), which `new Date()` cannot represent: a service normalising such a bound would throw
 * a RangeError, a 500. Every `date-time` input goes through here, so a timestamp that passed
 * validation always converts.
 */
export function restrictDateTimeFormat(ajv: FormatTable): void {
  const rfc3339 = validatorOf(ajv.formats['date-time']);
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value) => (rfc3339 ? rfc3339(value) : true) && !Number.isNaN(Date.parse(value)),
  });
}

/** ajv-formats registers a format as `{ validate, compare }`, a function or a RegExp. */
function validatorOf(format: unknown): ((value: string) => boolean) | null {
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return (value) => Boolean(format(value));
  if (typeof format === 'object' && format !== null && 'validate' in format)
    return validatorOf(format.validate);
  return null;
}
