import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock, RowId } from '../block.js';
import { useBlockEnvironment } from '../context.js';
import { formEnd, HONEYPOT } from './form.js';

/** Where the newsletter block posts (the server's public subscribe route). */
export const NEWSLETTER_SUBSCRIBE_PATH = '/_newsletter/subscribe';

/**
 * A newsletter sign-up form: the visitor's address (and name, when asked) posts to the site, which
 * mails a link that confirms the subscription (double opt-in) to the lists offered. Works without
 * JavaScript; a honeypot keeps form-filling robots out, and the site rate-limits the posts.
 */
export const newsletter = defineBlock({
  type: 'newsletter',
  category: 'data',
  label: 'Newsletter sign-up',
  icon: 'mail',
  props: Type.Object(
    {
      title: Type.String({ maxLength: 200, default: 'Subscribe to our newsletter' }),
      text: Type.String({ maxLength: 1000, default: '' }),
      emailLabel: Type.String({ minLength: 1, maxLength: 60, default: 'Email' }),
      nameLabel: Type.String({ minLength: 1, maxLength: 60, default: 'Name' }),
      submitLabel: Type.String({ minLength: 1, maxLength: 60, default: 'Subscribe' }),
      successMessage: Type.String({
        maxLength: 500,
        default: 'Almost done: open the link we have just mailed you to confirm your subscription.',
      }),
      lists: Type.Array(RowId(), {
        maxItems: 50,
        uniqueItems: true,
        default: [],
        description: "The ids of the lists a subscriber joins; none: all the site's public lists",
      }),
      askName: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function NewsletterBlock({ block, props }) {
    const environment = useBlockEnvironment();
    const state = environment.formState?.(block.id);
    const id = (name: string) => `tb-newsletter-${block.id}-${name}`;
    const errors = state?.status === 'invalid' ? state.errors : {};
    const values = state?.status === 'invalid' ? state.values : {};
    const field = (name: 'email' | 'name', label: string, type: string, autoComplete: string) =>
      h(
        'p',
        { className: 'tb-form__field' },
        h('label', { htmlFor: id(name) }, label),
        h('input', {
          id: id(name),
          name,
          type,
          required: name === 'email',
          maxLength: name === 'email' ? 254 : 200,
          autoComplete,
          defaultValue: values[name] ?? '',
          ...(errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id(name)}-error` } : {}),
        }),
        errors[name]
          ? h('span', { className: 'tb-form__error', id: `${id(name)}-error` }, errors[name])
          : null,
      );
    const entryId = environment.entryId;
    return h(
      'section',
      {
        className: 'tb-form tb-newsletter',
        id: `newsletter-${block.id}`,
        'aria-labelledby': props.title ? id('title') : undefined,
      },
      props.title ? h('h2', { id: id('title') }, props.title) : null,
      props.text ? h('p', { className: 'tb-newsletter__text' }, props.text) : null,
      state?.status === 'sent'
        ? h('p', { className: 'tb-form__sent', role: 'status' }, props.successMessage)
        : null,
      errors.form
        ? h('div', { className: 'tb-form__errors', role: 'alert' }, h('p', null, errors.form))
        : null,
      h(
        'form',
        {
          method: 'post',
          // Without an entry (the builder's canvas) the form cannot be sent.
          action: entryId === undefined ? '#' : NEWSLETTER_SUBSCRIBE_PATH,
          className: 'tb-form__form',
        },
        h('input', { type: 'hidden', name: 'entry', value: entryId ?? '' }),
        h('input', { type: 'hidden', name: 'block', value: block.id }),
        props.askName ? field('name', props.nameLabel, 'text', 'name') : null,
        field('email', props.emailLabel, 'email', 'email'),
        ...formEnd(id(HONEYPOT), props.submitLabel),
      ),
    );
  },
});
