import { describe, expect, it } from 'vitest';
import { countErrors, messagesAt, placeErrors } from './save-errors.js';

describe("a save's 422 messages placed beside their inputs", () => {
  const keys = ['k-name', 'k-email', 'k-topic'];

  it("puts a field's messages under its key, by the path inside it", () => {
    const placed = placeErrors(
      { 'fields.1.label': ['Too long.'], 'fields.2.options.1.value': ['Two options have this value.'] },
      keys,
    );
    expect(placed.fields).toEqual({
      'k-email': { label: ['Too long.'] },
      'k-topic': { 'options.1.value': ['Two options have this value.'] },
    });
    expect(messagesAt(placed.fields['k-topic'], 'options')).toBe('Two options have this value.');
    expect(messagesAt(placed.fields['k-topic'], 'option')).toBeUndefined();
    expect(messagesAt(placed.fields['k-email'], 'label')).toBe('Too long.');
  });

  it("puts the form's and the settings' messages under their path, a list's element under the list", () => {
    const placed = placeErrors(
      {
        slug: ['Another form has this address.'],
        'settings.recipients.0': ['Not an email address.'],
        'settings.recipients.2': ['Not an email address.'],
        'settings.success.to': ['A site path or an http(s) address.'],
      },
      keys,
    );
    expect(placed.form).toEqual({
      slug: ['Another form has this address.'],
      'settings.recipients': ['Not an email address.', 'Not an email address.'],
      'settings.success.to': ['A site path or an http(s) address.'],
    });
    expect(countErrors(placed)).toBe(4);
  });

  it('keeps translations apart, and what has no input as unplaced', () => {
    const placed = placeErrors(
      {
        'translations.fr.fields.email.label': ['Too long.'],
        'translations.fr.fields.topic.options.sales': ['Topic has no option sales.'],
        'translations.de': ['The site has no language de.'],
        'fields.9.name': ['x'],
        fields: ['At most 100.'],
      },
      keys,
    );
    expect(placed.translations).toEqual({
      'fr.fields.email.label': ['Too long.'],
      'fr.fields.topic.options.sales': ['Topic has no option sales.'],
    });
    expect(placed.unplaced).toEqual([
      { path: 'translations.de', messages: ['The site has no language de.'] },
      { path: 'fields.9.name', messages: ['x'] },
      { path: 'fields', messages: ['At most 100.'] },
    ]);
    expect(countErrors(placed)).toBe(5);
  });
});
