import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/envelope.js';
import { Nullable } from '../../core/http/input-schemas.js';

const Status = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('anonymised')], {
  description:
    '`active` (may sign in once its address is confirmed), `suspended`, or `anonymised` (kept without a name, an address or a way in)',
});

/** A site account as administrators see it: never its password. */
export const AccountSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String({ description: 'Empty once anonymised' }),
  name: Type.String(),
  status: Status,
  locale: Type.String({ description: 'The language of its pages and mails' }),
  email_verified_at: Nullable(Type.String({ format: 'date-time' }), 'Null until the address is confirmed'),
  last_sign_in_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const AccountListQuery = Type.Object(
  {
    ...PageQuery(),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Part of the email or name' }),
    ),
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
);

export const AccountDeleteQuery = Type.Object(
  {
    mode: Type.Union([Type.Literal('delete'), Type.Literal('anonymise')], {
      description:
        '`delete`: the account and its data go; `anonymise`: the account stays, emptied of its name and address, so records others keep (orders) still add up',
    }),
  },
  { additionalProperties: false },
);

export const AccountExportSchema = Type.Object({
  account: AccountSchema,
  activity: Type.Array(
    Type.Object({
      action: Type.String(),
      ip: Nullable(Type.String()),
      created_at: Type.String({ format: 'date-time' }),
    }),
  ),
  plugins: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What each plugin keeps of the account, under its name (the account.export filter)',
  }),
});
