import { describe, expect, it } from 'vitest';
import {
  renamedField,
  withFieldText,
  withFormText,
  withOptionText,
  withOptionValues,
  withoutField,
} from './translations.js';

describe("a form's translations", () => {
  it('keep only what is written: an emptied text goes, and its language with it', () => {
    let words = withFormText({}, 'fr', 'title', 'Contact');
    words = withFieldText(words, 'fr', 'email', 'label', 'Courriel');
    expect(words).toEqual({ fr: { title: 'Contact', fields: { email: { label: 'Courriel' } } } });
    words = withFieldText(words, 'fr', 'email', 'label', '');
    expect(words).toEqual({ fr: { title: 'Contact', fields: {} } });
    expect(withFormText(words, 'fr', 'title', '')).toEqual({});
  });

  it('follow a field renamed, and go with a field removed', () => {
    const words = withOptionText(
      withFieldText({}, 'fr', 'topic', 'label', 'Sujet'),
      'fr',
      'topic',
      'sales',
      'Ventes',
    );
    expect(renamedField(words, 'topic', 'subject')).toEqual({
      fr: { fields: { subject: { label: 'Sujet', options: { sales: 'Ventes' } } } },
    });
    expect(withoutField(words, 'topic')).toEqual({});
  });

  it("follow an option's value renamed, and go with an option removed", () => {
    let words = withOptionText({}, 'fr', 'topic', 'sales', 'Ventes');
    words = withOptionText(words, 'de', 'topic', 'help', 'Hilfe');
    expect(withOptionValues(words, 'topic', ['selling', 'help'], new Map([['sales', 'selling']]))).toEqual({
      fr: { fields: { topic: { options: { selling: 'Ventes' } } } },
      de: { fields: { topic: { options: { help: 'Hilfe' } } } },
    });
    expect(withOptionValues(words, 'topic', ['help'])).toEqual({
      de: { fields: { topic: { options: { help: 'Hilfe' } } } },
    });
  });
});
