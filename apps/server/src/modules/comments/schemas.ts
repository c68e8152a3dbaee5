import { Type } from '@sinclair/typebox';
import { Id, Nullable } from '../../core/http/input-schemas.js';
import { HONEYPOT } from './service.js';

const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('spam'),
  Type.Literal('trash'),
]);
const AuthorUrl = Type.String({ maxLength: 500, pattern: '^https?://', description: "The author's website" });

export const CommentParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const EntryParams = Type.Object({ entryId: Id() }, { additionalProperties: false });
export const FormQuery = Type.Object({ entry_id: Id() }, { additionalProperties: false });

export const CommentBody = Type.Object(
  {
    entry_id: Id(),
    parent_id: Type.Optional(Nullable(Id({ description: 'The approved comment this replies to' }))),
    name: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Required while the discussion setting require_name_email is on (the default); else may be left out or empty (shown as "Anonymous")',
      }),
    ),
    email: Type.Optional(
      Type.String({
        maxLength: 254,
        description:
          'An email address, never shown publicly. Required while the discussion setting require_name_email is on (the default); else may be left out or empty',
      }),
    ),
    url: Type.Optional(AuthorUrl),
    body: Type.String({ minLength: 1, maxLength: 5000, description: 'Plain text; links become safe links' }),
    token: Type.String({ minLength: 1, maxLength: 1000, description: 'From GET /api/comments/form' }),
    [HONEYPOT]: Type.Optional(
      Type.String({ maxLength: 1000, description: 'Hidden from people: leave empty' }),
    ),
  },
  { additionalProperties: false },
);

export const CommentEditBody = Type.Object(
  {
    body: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
    author_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    author_url: Type.Optional(Nullable(AuthorUrl)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const BulkBody = Type.Object(
  {
    action: Type.Union([
      Type.Literal('approve'),
      Type.Literal('hold'),
      Type.Literal('spam'),
      Type.Literal('trash'),
      Type.Literal('delete'),
    ]),
    ids: Type.Array(Id(), { minItems: 1, maxItems: 500 }),
  },
  { additionalProperties: false },
);

export const OpenBody = Type.Object({ open: Type.Boolean() }, { additionalProperties: false });

export const FormSchema = Type.Object({
  token: Type.String(),
  honeypot: Type.String({ description: 'The name of the hidden field to render empty' }),
  min_seconds: Type.Integer(),
  open: Type.Boolean({ description: 'Whether the entry takes comments now' }),
});

export const PublicCommentSchema = Type.Object({
  id: Type.Integer(),
  entry_id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  depth: Type.Integer(),
  author_name: Type.String(),
  author_url: Nullable(Type.String()),
  content_html: Type.String({ description: 'The text, escaped, with safe links (rel="nofollow ugc")' }),
  status: Status,
  created_at: Type.String({ format: 'date-time' }),
});

export const CommentSchema = Type.Composite([
  PublicCommentSchema,
  Type.Object({
    author_email: Type.String(),
    ip: Nullable(Type.String()),
    user_agent: Nullable(Type.String()),
    body: Type.String(),
    updated_at: Type.String({ format: 'date-time' }),
  }),
]);

/** A comment in the moderation list, with the entry it is on (null once the entry is deleted). */
export const ListedCommentSchema = Type.Composite([
  CommentSchema,
  Type.Object({
    entry: Nullable(
      Type.Object({
        id: Type.Integer(),
        type: Type.String({ description: "The entry's content type slug" }),
        title: Type.String(),
      }),
    ),
  }),
]);

export const CommentListQuery = Type.Object(
  {
    status: Type.Optional(Status),
    entry_id: Type.Optional(Id()),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    page: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);

export const ThreadQuery = Type.Object(
  {
    entry_id: Id(),
    page: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  { additionalProperties: false },
);
