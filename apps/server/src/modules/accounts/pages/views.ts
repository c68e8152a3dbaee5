import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../identity/password/passwords.js';
import type { AccountStrings } from '../../public/theme/account-strings.js';
import { EMAIL_MAX, type FaultCode, type Faults, NAME_MAX } from '../faults.js';

/** Notices a page shows when a form sent the visitor back to it (`?done=`), by code. */
export const DONE: Record<string, keyof AccountStrings['done']> = {
  registered: 'registered',
  verified: 'verified',
  link_sent: 'linkSent',
  password_reset: 'passwordReset',
  signed_out: 'signedOut',
  signed_out_everywhere: 'signedOutEverywhere',
  name_saved: 'nameSaved',
  email_sent: 'emailSent',
  email_changed: 'emailChanged',
  password_changed: 'passwordChanged',
};

/** A form the visitor sent back to correct: what was wrong, what they typed (never a password). */
export interface Refused {
  faults: Faults | { form: 'too_many'; minutes: number };
  values: Readonly<Record<string, string>>;
}

/** What every view is handed: the page's words, where its pages live, and a form's hidden token. */
export interface ViewKit {
  words: AccountStrings;
  /** `/fr` for a page in a language other than the site's default, else empty. */
  prefix: string;
  tokenField(form: string): ReactElement;
}

interface Field {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  maxLength?: number;
  help?: string;
}

/** A page's own content: its title (also the head's) and what goes in the document's main element. */
export interface ViewContent {
  title: string;
  body: ReactElement;
}

export function registerView(kit: ViewKit, refused?: Refused): ViewContent {
  const { words } = kit;
  return page(kit, words.registerTitle, null, refused, [
    form(kit, 'register', words.createAccount, refused, [
      { name: 'name', label: words.name, type: 'text', autoComplete: 'name', maxLength: NAME_MAX },
      { name: 'email', label: words.email, type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX },
      newPassword(words, 'password', words.password),
    ]),
    links(kit, [['sign-in', words.haveAccount]]),
  ]);
}

/** The sign-in page; `next`, a path of the site (next-page.ts), is where a taken sign-in goes. */
export function signInView(
  kit: ViewKit,
  done: string | null,
  refused?: Refused,
  next: string | null = null,
): ViewContent {
  const { words } = kit;
  return page(kit, words.signInTitle, done, refused, [
    form(
      kit,
      'sign-in',
      words.signIn,
      refused,
      [
        { name: 'email', label: words.email, type: 'email', autoComplete: 'username', maxLength: EMAIL_MAX },
        { name: 'password', label: words.password, type: 'password', autoComplete: 'current-password' },
      ],
      next ? { next } : {},
    ),
    links(kit, [
      ['forgot', words.forgotLink],
      ['register', words.noAccount],
    ]),
  ]);
}

export function forgotView(kit: ViewKit, refused?: Refused): ViewContent {
  const { words } = kit;
  return page(kit, words.forgotTitle, null, refused, [
    h('p', { key: 'help' }, words.forgotHelp),
    form(kit, 'forgot', words.sendLink, refused, [
      { name: 'email', label: words.email, type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX },
    ]),
    links(kit, [['sign-in', words.backToSignIn]]),
  ]);
}

export function resetView(kit: ViewKit, token: string, refused?: Refused): ViewContent {
  const { words } = kit;
  return page(kit, words.resetTitle, null, refused, [
    form(kit, 'reset', words.setPassword, refused, [newPassword(words, 'password', words.newPassword)], {
      token,
    }),
  ]);
}

/** The signed-in account's page: its name, its address, its password, and signing out. */
export function profileView(
  kit: ViewKit,
  account: { name: string; email: string },
  done: string | null,
  refused?: Refused & { form: 'profile' | 'email' | 'password' },
): ViewContent {
  const { words } = kit;
  const own = (name: string) => (refused?.form === name ? refused : undefined);
  return page(kit, words.profileTitle, done, refused, [
    h('p', { key: 'who' }, words.signedInAs(account.email)),
    section('name', words.name, [
      form(kit, 'profile', words.saveName, own('profile') ?? { faults: {}, values: { name: account.name } }, [
        { name: 'name', label: words.name, type: 'text', autoComplete: 'name', maxLength: NAME_MAX },
      ]),
    ]),
    section('email', words.email, [
      form(kit, 'email', words.changeEmail, own('email'), [
        { name: 'email', label: words.newEmail, type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX },
        {
          name: 'current_password',
          label: words.currentPassword,
          type: 'password',
          autoComplete: 'current-password',
        },
      ]),
    ]),
    section('password', words.password, [
      form(kit, 'password', words.changePassword, own('password'), [
        {
          name: 'current_password',
          label: words.currentPassword,
          type: 'password',
          autoComplete: 'current-password',
        },
        newPassword(words, 'password', words.newPassword),
      ]),
    ]),
    section('sessions', words.signOut, [
      form(kit, 'sign-out', words.signOut, undefined, []),
      h('p', { key: 'everywhere-help' }, words.signOutEverywhereHelp),
      form(kit, 'sign-out-everywhere', words.signOutEverywhere, undefined, []),
    ]),
  ]);
}

/** A mailed link that is not (or no longer) good; `then` is where to go from here. */
export function linkInvalidView(kit: ViewKit, title: string, then: [string, string]): ViewContent {
  return page(kit, title, null, { faults: { form: 'link_invalid' }, values: {} }, [links(kit, [then])]);
}

/** A post the form guard refused: from another site, or from a page too old or altered. */
export function refusedView(kit: ViewKit, reason: 'origin' | 'token', homeUrl: string): ViewContent {
  const { words } = kit;
  return {
    title: words.refusedTitle,
    body: h(
      'div',
      { className: 'tb-form tb-account' },
      h('h1', null, words.refusedTitle),
      h('p', { role: 'alert' }, reason === 'origin' ? words.refusedOrigin : words.refusedToken),
      h('p', null, h('a', { href: homeUrl }, words.goBack)),
    ),
  };
}

function page(
  kit: ViewKit,
  title: string,
  done: string | null,
  refused: Refused | undefined,
  content: ReactNode[],
): ViewContent {
  const notice = done && DONE[done] ? kit.words.done[DONE[done] as keyof AccountStrings['done']] : null;
  const whole = refused && 'form' in refused.faults ? formFault(kit.words, refused.faults) : null;
  return {
    title,
    body: h(
      'div',
      { className: 'tb-form tb-account' },
      h('h1', null, title),
      notice ? h('p', { className: 'tb-form__sent', role: 'status' }, notice) : null,
      whole ? h('p', { className: 'tb-form__errors', role: 'alert' }, whole) : null,
      ...content,
    ),
  };
}

function section(key: string, title: string, content: ReactNode[]): ReactElement {
  return h(
    'section',
    { key, 'aria-labelledby': `account-${key}` },
    h('h2', { id: `account-${key}` }, title),
    ...content,
  );
}

function newPassword(words: AccountStrings, name: string, label: string): Field {
  return {
    name,
    label,
    type: 'password',
    autoComplete: 'new-password',
    help: words.passwordHelp(MIN_PASSWORD_LENGTH),
  };
}

function form(
  kit: ViewKit,
  action: string,
  submit: string,
  refused: Refused | undefined,
  fields: Field[],
  hidden: Record<string, string> = {},
): ReactElement {
  const faults = (refused?.faults ?? {}) as Faults;
  const fieldFaults = fields.filter((field) => faults[field.name]);
  return h(
    'form',
    { key: action, method: 'post', action: `${kit.prefix}/account/${action}`, className: 'tb-form__form' },
    kit.tokenField(`accounts.${action}`),
    ...Object.entries(hidden).map(([name, value]) => h('input', { key: name, type: 'hidden', name, value })),
    fieldFaults.length > 0
      ? h(
          'div',
          { key: 'errors', className: 'tb-form__errors', role: 'alert' },
          h('p', null, kit.words.errorsTitle),
          h(
            'ul',
            null,
            ...fieldFaults.map((field) =>
              h(
                'li',
                { key: field.name },
                faultText(kit.words, field.label, faults[field.name] as FaultCode),
              ),
            ),
          ),
        )
      : null,
    ...fields.map((field) => input(kit, action, field, refused, faults[field.name])),
    h(
      'button',
      // The theme's own buttons: signing out is the quieter kind.
      {
        key: 'submit',
        type: 'submit',
        className: action.startsWith('sign-out') ? 'tb-button tb-button--outline' : 'tb-button',
      },
      submit,
    ),
  );
}

function input(kit: ViewKit, action: string, field: Field, refused: Refused | undefined, fault?: FaultCode) {
  const id = `${action}-${field.name}`;
  const described = [fault ? `${id}-error` : '', field.help ? `${id}-help` : ''].filter(Boolean).join(' ');
  return h(
    'p',
    { key: field.name, className: 'tb-form__field' },
    h('label', { htmlFor: id }, field.label),
    h('input', {
      id,
      name: field.name,
      type: field.type,
      required: true,
      autoComplete: field.autoComplete,
      ...(field.maxLength ? { maxLength: field.maxLength } : {}),
      // What was typed comes back, passwords never.
      ...(field.type !== 'password' ? { defaultValue: refused?.values[field.name] ?? '' } : {}),
      ...(fault ? { 'aria-invalid': true } : {}),
      ...(described ? { 'aria-describedby': described } : {}),
    }),
    field.help ? h('span', { className: 'tb-form__note', id: `${id}-help` }, field.help) : null,
    fault
      ? h(
          'span',
          { className: 'tb-form__error', id: `${id}-error` },
          faultText(kit.words, field.label, fault),
        )
      : null,
  );
}

function links(kit: ViewKit, to: Array<[string, string]>): ReactElement {
  return h(
    'p',
    { key: 'links', className: 'tb-account__links' },
    ...to.flatMap(([path, text], i) => [
      i > 0 ? ' · ' : null,
      h('a', { key: path, href: path ? `${kit.prefix}/account/${path}` : `${kit.prefix}/account` }, text),
    ]),
  );
}

/** A fault of one field, said with the field's label where the words need it. */
function faultText(words: AccountStrings, label: string, code: FaultCode): string {
  const faults = words.faults;
  switch (code) {
    case 'required':
      return faults.required(label);
    case 'too_long':
      return faults.tooLong(label, label === words.name ? NAME_MAX : EMAIL_MAX);
    case 'password_short':
      return faults.passwordShort(MIN_PASSWORD_LENGTH);
    case 'password_long':
      return faults.passwordLong(MAX_PASSWORD_LENGTH);
    default:
      return faults[CAMEL[code]];
  }
}

const CAMEL: Record<
  Exclude<FaultCode, 'required' | 'too_long' | 'password_short' | 'password_long'>,
  Exclude<
    keyof AccountStrings['faults'],
    'required' | 'tooLong' | 'passwordShort' | 'passwordLong' | 'tooMany'
  >
> = {
  bad_email: 'badEmail',
  password_common: 'passwordCommon',
  password_is_email: 'passwordIsEmail',
  password_repeated: 'passwordRepeated',
  credentials: 'credentials',
  unverified: 'unverified',
  suspended: 'suspended',
  current_password: 'currentPassword',
  email_taken: 'emailTaken',
  same_email: 'sameEmail',
  link_invalid: 'linkInvalid',
};

/** A fault of the whole form (wrong credentials, a used link, too many tries). */
function formFault(words: AccountStrings, faults: Refused['faults']): string | null {
  if (typeof faults.minutes === 'number') return words.faults.tooMany(faults.minutes);
  const code = (faults as Faults).form;
  return code ? faultText(words, '', code) : null;
}
