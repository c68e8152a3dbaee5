import type { Language } from '../../i18n/language.js';
import type { MailParts } from './liquid.js';

/** What a variable holds, as the editor shows it. */
export type MailVariableType = 'string' | 'url' | 'email' | 'list';

/** One variable a mail's templates may print (`recipient.name`), documented for the editor. */
export interface MailVariable {
  /** Its path in the templates: `{{ recipient.name }}`. */
  name: string;
  type: MailVariableType;
  description: string;
  /** The value previews and test mails use. */
  example: unknown;
}

/**
 * A kind of mail the site sends (`account.verify`): what it is for, what its templates may print,
 * and its default templates in every language the server writes.
 */
export interface MailEventDefinition {
  /** The core's (`account.verify`), or a plugin's, under its area (`shop.order_paid`). */
  name: string;
  description: string;
  /** The event's own variables; every mail also has those of `site` (SITE_VARIABLES). */
  variables: readonly MailVariable[];
  /** English always; the core writes French too, a plugin may. */
  defaults: Readonly<Partial<Record<Language, MailParts>>> & { readonly en: MailParts };
}

/** A mail the core sends: defaults in every language the server writes. */
export interface CoreMailEventDefinition extends MailEventDefinition {
  name: MailEventName;
  defaults: Readonly<Record<Language, MailParts>>;
}

/** Who a mail is written to. */
export interface MailRecipient {
  name: string;
  email: string;
}

/**
 * The values each event's templates receive, by event: senders are type-checked against them.
 * The site's variables (`site.name`, `site.url`, `site.logo_url`) are added when the mail renders.
 */
export interface MailEventVariables {
  'user.password_reset': { recipient: MailRecipient; link: string };
  'comment.awaiting_moderation': CommentMailVariables;
  'comment.published': CommentMailVariables;
  'form.submission': {
    recipient: { email: string };
    form: { subject: string; page: string; fields: Array<{ label: string; value: string }> };
  };
  'account.verify': { recipient: MailRecipient; link: string };
  'account.exists': { recipient: MailRecipient; sign_in_link: string; forgot_link: string };
  'account.password_reset': { recipient: MailRecipient; link: string };
  'account.email_change': { recipient: MailRecipient; link: string };
  'account.email_changed': { recipient: MailRecipient; new_email: string };
  'newsletter.confirm': { recipient: MailRecipient; link: string };
}

export type MailEventName = keyof MailEventVariables;

interface CommentMailVariables {
  recipient: MailRecipient;
  entry: { title: string; url: string };
  comment: { author_name: string; body: string };
  /** Where the comment is moderated in the admin. */
  link: string;
}

/** The variables every mail has: the site it comes from. */
export const SITE_VARIABLES: readonly MailVariable[] = [
  {
    name: 'site.name',
    type: 'string',
    description: "The site's name as its mails sign it (the white-label name when it has one)",
    example: 'Quay Studio',
  },
  { name: 'site.url', type: 'url', description: "The site's address", example: 'https://quay.example' },
  {
    name: 'site.logo_url',
    type: 'url',
    description: "The site's logo, an absolute address; empty when it has none",
    example: 'https://quay.example/logo.png',
  },
];

/** The recipient's name and address, which most mails greet. */
export const RECIPIENT_VARIABLES: readonly MailVariable[] = [
  { name: 'recipient.name', type: 'string', description: 'Whom the mail greets', example: 'Ada Lovelace' },
  {
    name: 'recipient.email',
    type: 'email',
    description: 'The address the mail goes to',
    example: 'ada@example.com',
  },
];
