import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../../core/http/envelope.js';
import { Id, Nullable } from '../../../core/http/input-schemas.js';

const Timestamp = Type.String({ format: 'date-time' });

export const ListSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  public: Type.Boolean({ description: "Offered on the site's form and on each subscriber's own page" }),
  subscriber_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const ListName = Type.String({ minLength: 1, maxLength: 100 });
const ListDescription = Type.String({ maxLength: 500 });

export const ListCreateBody = Type.Object(
  { name: ListName, description: Type.Optional(ListDescription), public: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ListUpdateBody = Type.Object(
  {
    name: Type.Optional(ListName),
    description: Type.Optional(ListDescription),
    public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

const Status = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('subscribed'),
    Type.Literal('unsubscribed'),
    Type.Literal('bounced'),
    Type.Literal('complained'),
  ],
  {
    description:
      '`pending` until the mailed link is opened; `subscribed` receives campaigns; `unsubscribed`, `bounced` (a permanent SMTP refusal) and `complained` never do',
  },
);

const Language = Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$', maxLength: 35 });
const ListIds = Type.Array(Id(), { maxItems: 200, uniqueItems: true });

export const SubscriberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  status: Status,
  language: Nullable(Type.String(), "Null: the site's default language"),
  source: Type.Union([Type.Literal('form'), Type.Literal('import'), Type.Literal('admin')]),
  lists: Type.Array(Type.Integer(), { description: 'The ids of the lists the subscriber is on' }),
  consent_at: Nullable(Timestamp),
  consent_ip: Nullable(Type.String()),
  confirmed_at: Nullable(Timestamp),
  unsubscribed_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const SubscriberFilterQuery = Type.Object(
  {
    status: Type.Optional(Status),
    list: Type.Optional(Id({ description: 'Only subscribers on this list' })),
    language: Type.Optional(Language),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the email or name' })),
  },
  { additionalProperties: false },
);

export const SubscriberListQuery = Type.Object(
  { ...PageQuery(), ...SubscriberFilterQuery.properties },
  { additionalProperties: false },
);

export const SubscriberCreateBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    language: Type.Optional(Nullable(Language)),
    status: Type.Optional(
      Type.Union([Type.Literal('subscribed'), Type.Literal('pending')], {
        description: '`subscribed` (default), or `pending`: the address is mailed the confirmation link',
      }),
    ),
    lists: Type.Optional(ListIds),
  },
  { additionalProperties: false },
);

export const SubscriberUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    language: Type.Optional(Nullable(Language)),
    status: Type.Optional(Status),
    lists: Type.Optional(ListIds),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ImportSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  file_name: Type.String(),
  mapping: Type.Object({
    email: Type.String(),
    name: Nullable(Type.String()),
    language: Nullable(Type.String()),
  }),
  lists: Type.Array(Type.Integer()),
  subscriber_status: Type.Union([Type.Literal('subscribed'), Type.Literal('pending')]),
  total_bytes: Type.Integer(),
  read_bytes: Type.Integer(),
  rows_read: Type.Integer(),
  created_count: Type.Integer(),
  merged_count: Type.Integer(),
  invalid_count: Type.Integer(),
  problems: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }), {
    description: 'The first 1,000 lines refused, with their line number in the file',
  }),
  created_at: Timestamp,
  finished_at: Nullable(Timestamp),
});
