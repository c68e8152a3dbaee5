import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type FieldMessageCode, fieldMessage } from './field-messages.js';
import { inLanguage, templateOf } from './in-language.js';
import { LANGUAGES } from './language.js';
import { fill, placeholdersOf } from './templates.js';

const codes = Object.keys(FIELD_MESSAGES) as FieldMessageCode[];

/** Values for a code's placeholders, each its own so a swap would show: `limit` 7, `type` 8... */
function samplesOf(code: FieldMessageCode): Record<string, string> {
  return Object.fromEntries(placeholdersOf(FIELD_MESSAGES[code].en).map((name, i) => [name, String(7 + i)]));
}

/** fieldMessage as a test calls it for any code: the values typed for one code at a time. */
const say = fieldMessage as (code: FieldMessageCode, values?: Record<string, string>) => string;

describe('the field messages', () => {
  it('has every code in every language, with the same placeholders', () => {
    expect(codes.length).toBeGreaterThan(60);
    for (const code of codes)
      for (const language of LANGUAGES) {
        const words: string = FIELD_MESSAGES[code][language];
        expect(words.trim(), `${language}: ${code}`).not.toBe('');
        expect(placeholdersOf(words).sort(), `${language}: ${code}`).toEqual(
          placeholdersOf(FIELD_MESSAGES[code].en).sort(),
        );
      }
  });

  it('writes a code in English with its values, every placeholder filled', () => {
    expect(fieldMessage('field.max_length', { limit: 80 })).toBe('Must be at most 80 characters.');
    expect(fieldMessage('field.required')).toBe('This field is required.');
    for (const code of codes) expect(say(code, samplesOf(code)), code).not.toMatch(/\{\{|\}\}/);
  });

  it('says every code in French with the same values, found again from its English', () => {
    for (const code of codes) {
      const values = samplesOf(code);
      const english = say(code, values);
      expect(templateOf(english), code).toEqual({ key: code, values });
      expect(inLanguage(english, 'fr'), code).toBe(fill(FIELD_MESSAGES[code].fr, values));
    }
  });
});
