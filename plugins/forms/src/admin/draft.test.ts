import { describe, expect, it } from 'vitest';
import { type Draft, definitionOf, withFieldChanged, withFieldRemoved } from './draft.js';
import { newField } from './field-model.js';
import type { FieldType } from './records.js';
import { withFieldText, withOptionText } from './translations.js';

const WORDS = { option: (n: number) => `Option ${n}`, consent: 'I agree.' };
const field = (type: FieldType, label: string) => newField(type, { ...WORDS, label }, [], label);

function contactForm(): Draft {
  let translations = withFieldText({}, 'fr', 'email', 'label', 'Courriel');
  translations = withOptionText(translations, 'fr', 'topic', 'option_1', 'Ventes');
  return {
    title: 'Contact',
    slug: 'contact',
    fields: [field('email', 'Email'), field('select', 'Topic')],
    settings: {
      submit_label: 'Send',
      success: { kind: 'message', message: 'Thanks' },
      recipients: [],
      reply_to_field: 'email',
      confirmation: { enabled: true, email_field: 'email' },
      per_minute: null,
      min_seconds: null,
      max_links: null,
    },
    translations,
  };
}

describe('a draft of a form', () => {
  it('renames a field in its translations and in the settings that name it', () => {
    const draft = contactForm();
    const email = draft.fields[0] as (typeof draft.fields)[0];
    const next = withFieldChanged(draft, 'Email', { ...email, name: 'work_email', nameFollowsLabel: false });
    expect(next.settings).toMatchObject({
      reply_to_field: 'work_email',
      confirmation: { enabled: true, email_field: 'work_email' },
    });
    expect(next.translations.fr?.fields).toEqual({
      work_email: { label: 'Courriel' },
      topic: { options: { option_1: 'Ventes' } },
    });
  });

  it("keeps an option's translated label with its new value, and drops a removed option's", () => {
    const draft = contactForm();
    const topic = draft.fields[1] as (typeof draft.fields)[1];
    const renamed = withFieldChanged(draft, 'Topic', {
      ...topic,
      options: [{ value: 'sales', label: 'Sales' }, topic.options[1] as { value: string; label: string }],
    });
    expect(renamed.translations.fr?.fields.topic).toEqual({ options: { sales: 'Ventes' } });
    const reordered = withFieldChanged(draft, 'Topic', { ...topic, options: [...topic.options].reverse() });
    expect(reordered.translations.fr?.fields.topic).toEqual({ options: { option_1: 'Ventes' } });
    const removed = withFieldChanged(draft, 'Topic', { ...topic, options: topic.options.slice(1) });
    expect(removed.translations.fr?.fields.topic).toBeUndefined();
  });

  it('removes a field with its translations and the settings that named it', () => {
    const next = withFieldRemoved(contactForm(), 'Email');
    expect(next.fields.map((each) => each.name)).toEqual(['topic']);
    expect(next.settings).toMatchObject({ reply_to_field: null, confirmation: { email_field: null } });
    expect(next.translations.fr?.fields).toEqual({ topic: { options: { option_1: 'Ventes' } } });
  });

  it("is saved without the builder's own keys", () => {
    const definition = definitionOf(contactForm());
    expect(definition.fields[0]).not.toHaveProperty('key');
    expect(definition).toMatchObject({ title: 'Contact', slug: 'contact' });
  });
});
