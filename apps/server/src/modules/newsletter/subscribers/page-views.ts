import { createElement as h, type ReactElement } from 'react';
import { MESSAGES } from '../../../core/i18n/catalogue/index.js';
import { languageOf } from '../../../core/i18n/language.js';
import { fill } from '../../../core/i18n/templates.js';
import type { OwnSubscription } from './opt-in.js';

type Words = (typeof MESSAGES)['en']['subscribers']['pages'];

/** The words of the subscriber's pages in the language of a page (`fr-CA` is French; others English). */
export function pageWords(locale: string): Words {
  return MESSAGES[languageOf(locale, undefined)].subscribers.pages;
}

/** A page's own content: its title (also the head's) and what goes in the document's main element. */
export interface PageContent {
  title: string;
  body: ReactElement;
}

/** Notices the subscriber's page shows when a form sent them back to it (`?done=`). */
const DONE = { saved: 'saved', unsubscribed: 'unsubscribed', resubscribed: 'resubscribed' } as const;

function page(
  title: string,
  notice: string | null,
  alert: string | null,
  ...content: ReactElement[]
): PageContent {
  return {
    title,
    body: h(
      'div',
      { className: 'tb-form tb-account tb-newsletter-page' },
      h('h1', null, title),
      notice ? h('p', { className: 'tb-form__sent', role: 'status' }, notice) : null,
      alert ? h('p', { className: 'tb-form__errors', role: 'alert' }, alert) : null,
      ...content,
    ),
  };
}

export function confirmedView(
  words: Words,
  email: string,
  siteName: string,
  manageHref: string,
): PageContent {
  return page(
    words.confirmedTitle,
    fill(words.confirmed, { email, site: siteName }),
    null,
    h('p', { key: 'manage' }, h('a', { href: manageHref }, words.manageLink)),
  );
}

export function linkInvalidView(words: Words, homeUrl: string): PageContent {
  return page(
    words.linkInvalidTitle,
    null,
    null,
    h('p', { key: 'why' }, words.linkInvalid),
    h('p', { key: 'home' }, h('a', { href: homeUrl }, words.home)),
  );
}

/** Where the page's forms post, and what proves the subscriber's link. */
export interface ManageForm {
  action: string;
  subscriberId: number;
  mac: string;
}

/**
 * The subscriber's own page: the public lists (theirs ticked) to save, and a button to leave; once
 * they left, a button to come back. `done` is the notice of the form just sent, `alert` a refusal.
 */
export function manageView(
  words: Words,
  own: OwnSubscription,
  siteName: string,
  form: ManageForm,
  notices: { done: string | null; alert: string | null },
): PageContent {
  const { subscriber, lists } = own;
  const done =
    notices.done && Object.hasOwn(DONE, notices.done) ? words[DONE[notices.done as keyof typeof DONE]] : null;
  const standing =
    subscriber.status === 'pending'
      ? words.pending
      : subscriber.status === 'unsubscribed'
        ? words.unsubscribed
        : null;
  const post = (key: string, action: string, ...content: Array<ReactElement | null>) =>
    h(
      'form',
      { key, method: 'post', action: form.action, className: 'tb-form__form' },
      h('input', { type: 'hidden', name: 's', value: String(form.subscriberId) }),
      h('input', { type: 'hidden', name: 't', value: form.mac }),
      h('input', { type: 'hidden', name: 'action', value: action }),
      ...content,
    );
  const button = (label: string, quiet = false) =>
    h('button', { type: 'submit', className: quiet ? 'tb-button tb-button--outline' : 'tb-button' }, label);
  const parts: ReactElement[] = [
    h('p', { key: 'address' }, fill(words.address, { email: subscriber.email })),
  ];
  if (standing && !done) parts.push(h('p', { key: 'standing', role: 'status' }, standing));
  if (subscriber.status === 'unsubscribed') parts.push(post('back', 'resubscribe', button(words.comeBack)));
  else {
    if (lists.length > 0)
      parts.push(
        post(
          'lists',
          'save',
          h(
            'fieldset',
            null,
            h('legend', null, words.lists),
            ...lists.map((list) =>
              h(
                'p',
                { key: list.id, className: 'tb-form__field tb-form__field--check' },
                h('input', {
                  id: `list-${list.id}`,
                  type: 'checkbox',
                  name: `list_${list.id}`,
                  value: 'on',
                  defaultChecked: list.joined,
                }),
                h('label', { htmlFor: `list-${list.id}` }, list.name),
                list.description ? h('span', { className: 'tb-form__note' }, list.description) : null,
              ),
            ),
          ),
          button(words.save),
        ),
      );
    parts.push(
      h(
        'section',
        { key: 'leave', 'aria-labelledby': 'newsletter-leave' },
        h('h2', { id: 'newsletter-leave' }, words.leaveTitle),
        h('p', null, fill(words.leaveHelp, { site: siteName })),
        post('leave', 'unsubscribe', button(words.leave, true)),
      ),
    );
  }
  return page(words.manageTitle, done, notices.alert, ...parts);
}
