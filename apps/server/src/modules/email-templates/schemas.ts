import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/input-schemas.js';

/** A part is at most this long: a mail's HTML with inline styles fits many times over. */
const PART_MAX = 100_000;

export const EventParams = Type.Object(
  {
    event: Type.String({
      pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$',
      maxLength: 100,
      description: 'A mail event (`account.verify`), as GET /api/email-templates lists them',
    }),
  },
  { additionalProperties: false },
);

export const LocaleQuery = Type.Object(
  {
    locale: Type.Optional(
      Type.String({
        pattern: '^[a-z]{2,3}$',
        description:
          "A base language (`fr`): en, fr, or one of the site's languages; the site's default language when left out",
      }),
    ),
  },
  { additionalProperties: false },
);

const Subject = Type.String({
  minLength: 1,
  maxLength: 1_000,
  description: 'Liquid, rendered as plain text on one line',
});
const Html = Type.String({
  minLength: 1,
  maxLength: PART_MAX,
  description: "Liquid; values are HTML-escaped (`| raw` prints one as it is); wrapped in the site's layout",
});
const Text = Type.String({
  minLength: 1,
  maxLength: PART_MAX,
  description: 'Liquid, rendered as plain text',
});

export const TemplateBody = Type.Object(
  { subject: Subject, html: Html, text: Text },
  { additionalProperties: false },
);

/** Unsaved parts to preview or test; each left out is taken from the template as it is now. */
export const DraftBody = Type.Object(
  { subject: Type.Optional(Subject), html: Type.Optional(Html), text: Type.Optional(Text) },
  { additionalProperties: false },
);

const MailVariableView = Type.Object({
  name: Type.String({ description: 'Its path in a template: `{{ recipient.name }}`' }),
  type: Type.Union([
    Type.Literal('string'),
    Type.Literal('url'),
    Type.Literal('email'),
    Type.Literal('list'),
  ]),
  description: Type.String(),
  example: Type.Unknown({ description: 'The value previews and test mails use' }),
});

export const MailEventView = Type.Object({
  event: Type.String(),
  description: Type.String(),
  variables: Type.Array(MailVariableView),
  customised_locales: Type.Array(Type.String(), {
    description: 'The languages the site has its own template in',
  }),
});

export const EmailTemplateView = Type.Object({
  event: Type.String(),
  locale: Type.String(),
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
  customised: Type.Boolean({ description: "The site's own template; false: the default" }),
  updated_at: Nullable(Type.String()),
  updated_by: Nullable(Type.Integer({ description: 'The user who saved it last' })),
});

export const RenderedMailView = Type.Object({
  subject: Type.String(),
  html: Type.String({ description: "The whole HTML part, in the site's layout, CSS inlined" }),
  text: Type.String({ description: "The text part, with the site's signature" }),
});

export const TestMailView = Type.Object({
  to: Type.String({ description: 'The address the test mail was queued to' }),
});
