import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../../core/http/envelope.js';
import { Id, Nullable } from '../../../core/http/input-schemas.js';

const Status = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('cancelled'),
]);
const DeliveryStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('bounced'),
]);
const Time = Type.String({ format: 'date-time' });

const Audience = Type.Object(
  {
    lists: Type.Array(Id(), { maxItems: 100, description: 'Subscribers of any of these lists; empty: all' }),
    language: Nullable(
      Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$' }),
      'Only subscribers of this language (a BCP 47 tag); null: all',
    ),
  },
  { additionalProperties: false },
);

const Blocks = Type.Array(Type.Unknown(), {
  maxItems: 500,
  description:
    'The body as a block tree of email blocks only: heading, paragraph, list, quote, image, button, separator, spacer, columns, container, latest-posts',
});

const editable = {
  subject: Type.String({ minLength: 1, maxLength: 300 }),
  preheader: Type.String({ maxLength: 300, description: 'The preview text inboxes show after the subject' }),
  from_name: Type.String({ maxLength: 100, description: "The sender's name; empty: the site's name" }),
  audience: Audience,
  blocks: Blocks,
};

export const CampaignCreateBody = Type.Object(
  {
    subject: editable.subject,
    preheader: Type.Optional(editable.preheader),
    from_name: Type.Optional(editable.from_name),
    audience: Type.Optional(Audience),
    blocks: Type.Optional(Blocks),
  },
  { additionalProperties: false },
);

export const CampaignUpdateBody = Type.Object(
  {
    subject: Type.Optional(editable.subject),
    preheader: Type.Optional(editable.preheader),
    from_name: Type.Optional(editable.from_name),
    audience: Type.Optional(Audience),
    blocks: Type.Optional(Blocks),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CampaignParams = Type.Object({ id: Id() }, { additionalProperties: false });

export const CampaignListQuery = Type.Object(
  { ...PageQuery(), status: Type.Optional(Status) },
  {
    additionalProperties: false,
  },
);

export const RecipientListQuery = Type.Object(
  { ...PageQuery(), status: Type.Optional(DeliveryStatus) },
  {
    additionalProperties: false,
  },
);

export const SendBody = Type.Object(
  { at: Type.Optional(Type.String({ format: 'date-time', description: 'When to send; absent: now' })) },
  { additionalProperties: false },
);

export const TestBody = Type.Object(
  {
    to: Type.Optional(
      Type.String({ maxLength: 254, description: 'Your own address (the only one allowed); absent: it' }),
    ),
  },
  { additionalProperties: false },
);

const Totals = Type.Object({
  recipients: Type.Integer(),
  queued: Type.Integer(),
  sending: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  bounced: Type.Integer(),
});

export const CampaignSchema = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  preheader: Type.String(),
  from_name: Type.String(),
  audience: Type.Object({ lists: Type.Array(Type.Integer()), language: Nullable(Type.String()) }),
  blocks: Type.Array(Type.Unknown()),
  status: Status,
  scheduled_at: Nullable(Time),
  started_at: Nullable(Time),
  finished_at: Nullable(Time),
  recipient_count: Type.Integer(),
  created_at: Time,
  updated_at: Time,
  totals: Type.Optional(Totals),
});

export const PreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
});

export const TestSentSchema = Type.Object({ to: Type.String() });

const Kinds = ['sent', 'failed', 'bounced', 'open', 'click', 'unsubscribe'] as const;

export const ReportSchema = Type.Object({
  totals: Type.Object({
    recipients: Type.Integer(),
    queued: Type.Integer(),
    sent: Type.Integer(),
    failed: Type.Integer(),
    bounced: Type.Integer(),
    opened: Nullable(Type.Integer(), 'Null when the site does not count opens'),
    clicked: Type.Integer({ description: 'Recipients who clicked at least once' }),
    clicks: Type.Integer(),
    unsubscribed: Type.Integer(),
  }),
  series: Type.Array(
    Type.Object({
      hour: Type.String({ description: 'The hour the counts fall in, UTC: 2026-05-01T14:00:00Z' }),
      ...Object.fromEntries(Kinds.map((kind) => [kind, Type.Integer()])),
    }),
  ),
  top_links: Type.Array(
    Type.Object({ url: Type.String(), clicks: Type.Integer(), recipients: Type.Integer() }),
  ),
});

export const RecipientSchema = Type.Object({
  id: Type.Integer(),
  subscriber_id: Nullable(Type.Integer()),
  email: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  smtp_response: Nullable(Type.String()),
  sent_at: Nullable(Time),
  opened_at: Nullable(Time),
  clicked_at: Nullable(Time),
  clicks: Type.Integer(),
  unsubscribed_at: Nullable(Time),
});
