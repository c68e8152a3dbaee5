import { type Static, Type } from '@sinclair/typebox';
import { createElement as h, type ReactElement } from 'react';
import { defineBlock } from '../block.js';
import { useBlockEnvironment } from '../context.js';

const FieldType = Type.Union(
  [
    Type.Literal('text'),
    Type.Literal('email'),
    Type.Literal('tel'),
    Type.Literal('url'),
    Type.Literal('textarea'),
  ],
  { default: 'text' },
);

const Field = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$', description: 'Sent as; unique in the form' }),
    label: Type.String({ minLength: 1, maxLength: 120 }),
    type: FieldType,
    required: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type FormField = Static<typeof Field>;

/** The most a field takes, by type: what the browser enforces and the server checks again. */
export const FIELD_MAX_LENGTH: Record<FormField['type'], number> = {
  text: 200,
  email: 254,
  tel: 40,
  url: 2000,
  textarea: 5000,
};

/** The name of the honeypot field: people never see it, form-filling robots fill it in. */
export const HONEYPOT = 'website_url';

/**
 * A contact form: its fields post to the site, which mails them to the site's administrators
 * through the queue (the forms plugin can take submissions over). Works without JavaScript; the
 * browser checks required fields and formats first, the server again.
 */
export const form = defineBlock({
  type: 'form',
  category: 'data',
  label: 'Contact form',
  icon: 'forms',
  props: Type.Object(
    {
      title: Type.String({ maxLength: 200, default: '' }),
      fields: Type.Array(Field, {
        minItems: 1,
        maxItems: 20,
        default: [
          { name: 'name', label: 'Name', type: 'text', required: true },
          { name: 'email', label: 'Email', type: 'email', required: true },
          { name: 'message', label: 'Message', type: 'textarea', required: true },
        ],
      }),
      submitLabel: Type.String({ minLength: 1, maxLength: 60, default: 'Send' }),
      successMessage: Type.String({ maxLength: 500, default: 'Thank you: your message has been sent.' }),
      subject: Type.String({ minLength: 1, maxLength: 200, default: 'A message from the contact form' }),
      recipient: Type.Optional(
        Type.String({
          maxLength: 254,
          pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
          description: "Where messages go instead of the site's administrators; never shown on the page",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  refine: (props) => {
    const seen = new Set<string>();
    return props.fields.flatMap((field, i) => {
      if (field.name === HONEYPOT) return [{ path: `fields.${i}.name`, message: `${HONEYPOT} is reserved.` }];
      if (seen.has(field.name))
        return [{ path: `fields.${i}.name`, message: `Another field is named ${field.name}.` }];
      seen.add(field.name);
      return [];
    });
  },
  component: function FormBlock({ block, props }) {
    const environment = useBlockEnvironment();
    const state = environment.formState?.(block.id);
    const id = (name: string) => `tb-form-${block.id}-${name}`;
    const errors = state?.status === 'invalid' ? state.errors : {};
    const values = state?.status === 'invalid' ? state.values : {};
    return h(
      'section',
      {
        className: 'tb-form',
        id: `form-${block.id}`,
        'aria-labelledby': props.title ? id('title') : undefined,
      },
      props.title ? h('h2', { id: id('title') }, props.title) : null,
      state?.status === 'sent'
        ? h('p', { className: 'tb-form__sent', role: 'status' }, props.successMessage)
        : null,
      Object.keys(errors).length > 0
        ? h(
            'div',
            { className: 'tb-form__errors', role: 'alert' },
            h(
              'ul',
              null,
              ...Object.entries(errors).map(([name, message]) =>
                h('li', { key: name }, h('a', { href: `#${id(name)}` }, message)),
              ),
            ),
          )
        : null,
      h(
        'form',
        { method: 'post', action: environment.formAction?.(block.id) ?? '#', className: 'tb-form__form' },
        ...props.fields.map((field) =>
          fieldElement(field, id(field.name), values[field.name] ?? '', errors[field.name]),
        ),
        ...formEnd(id(HONEYPOT), props.submitLabel),
      ),
    );
  },
});

/**
 * The end of a site form: the honeypot (off screen and out of the tab order: a person never fills
 * it in), then the submit button.
 */
export function formEnd(trapId: string, submitLabel: string): ReactElement[] {
  return [
    h(
      'div',
      { key: 'trap', className: 'tb-form__trap', 'aria-hidden': true },
      h('label', { htmlFor: trapId }, 'Leave this empty'),
      h('input', {
        id: trapId,
        name: HONEYPOT,
        type: 'text',
        tabIndex: -1,
        autoComplete: 'off',
        defaultValue: '',
      }),
    ),
    h(
      'button',
      { key: 'submit', type: 'submit', className: 'tb-button tb-button--primary tb-button--medium' },
      submitLabel,
    ),
  ];
}

const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel', tel: 'tel' };

function fieldElement(field: FormField, id: string, value: string, error: string | undefined): ReactElement {
  const common = {
    id,
    name: field.name,
    required: field.required,
    maxLength: FIELD_MAX_LENGTH[field.type],
    defaultValue: value,
    ...(AUTOCOMPLETE[field.name] ? { autoComplete: AUTOCOMPLETE[field.name] } : {}),
    ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}),
  };
  return h(
    'p',
    { key: field.name, className: 'tb-form__field' },
    h(
      'label',
      { htmlFor: id },
      field.label,
      field.required ? h('span', { 'aria-hidden': true }, ' *') : null,
    ),
    field.type === 'textarea'
      ? h('textarea', { ...common, rows: 6 })
      : h('input', { ...common, type: field.type }),
    error ? h('span', { className: 'tb-form__error', id: `${id}-error` }, error) : null,
  );
}
