import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { IdParams } from '../../core/http/input-schemas.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const RoleRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });

/** A user as the API shows it; the password hash and 2FA secret are not part of it, so never serialized. */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    display_name: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
    locale: Type.String(),
    is_super_admin: Type.Boolean(),
    /** The user's role on the request's site; null when not a member. */
    role: Type.Union([RoleRef, Type.Null()]),
    two_factor_enabled: Type.Boolean(),
    last_login_at: NullableTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'User' },
);
export type UserView = Static<typeof UserSchema>;

export const ApiTokenSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String({ description: 'The visible start of the token, to tell tokens apart' }),
    permissions: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: "The token's own permissions; null means all of its user's",
    }),
    installation_wide: Type.Boolean({
      description: 'Works on every site (a Super Admin token); otherwise only on the site it was created on',
    }),
    expires_at: NullableTimestamp,
    last_used_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
    created_at: Timestamp,
  },
  { $id: 'ApiToken' },
);

export const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), password: Password },
  { additionalProperties: false },
);

export const LoginResult = Type.Object({
  user: Type.Optional(UserSchema),
  csrf_token: Type.Optional(
    Type.String({ description: 'Send back in the X-CSRF-Token header on unsafe methods' }),
  ),
  two_factor_required: Type.Boolean(),
  challenge: Type.Optional(Type.String({ description: 'Pass to POST /api/auth/two-factor with a code' })),
});

// Users, roles, permissions and profile API (routes-users.ts, routes-roles.ts, routes-permissions.ts, routes-me.ts).

export const UserParams = IdParams;
export const RoleParams = IdParams;
export const TokenParams = IdParams;

export const UserStatus = Type.Union([Type.Literal('active'), Type.Literal('suspended')]);
export const RoleSlug = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' });
const DisplayName = Type.String({ minLength: 1, maxLength: 200 });
const Locale = Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$' });
const PermissionId = Type.String({ minLength: 1, maxLength: 100 });

export const UserListFilters = {
  role: Type.Optional(
    Type.String({ maxLength: 64, description: 'Role slug; `super_admin` lists the Super Admins' }),
  ),
  status: Type.Optional(UserStatus),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Part of the email or display name, any case' }),
  ),
};

export const UserCreateBody = Type.Object(
  {
    email: Email,
    display_name: DisplayName,
    password: Password,
    role: RoleSlug,
    locale: Type.Optional(Locale),
    status: Type.Optional(UserStatus),
  },
  { additionalProperties: false },
);
export type UserCreateInput = Static<typeof UserCreateBody>;

export const UserUpdateBody = Type.Object(
  {
    email: Type.Optional(Email),
    display_name: Type.Optional(DisplayName),
    password: Type.Optional(Password),
    role: Type.Optional(RoleSlug),
    locale: Type.Optional(Locale),
    status: Type.Optional(UserStatus),
  },
  { additionalProperties: false },
);
export type UserUpdateInput = Static<typeof UserUpdateBody>;

export const RoleSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    description: Type.String(),
    is_default: Type.Boolean({ description: 'One of the roles every site gets; cannot be deleted' }),
    is_locked: Type.Boolean({ description: 'Super Admin: holds every permission and cannot be edited' }),
    requires_two_factor: Type.Boolean(),
    permissions: Type.Array(Type.String()),
    member_count: Type.Integer({ minimum: 0 }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Role' },
);
export type RoleView = Static<typeof RoleSchema>;

export const RoleCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    slug: Type.Optional(RoleSlug),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    permissions: Type.Optional(Type.Array(PermissionId, { maxItems: 500 })),
    requires_two_factor: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RoleCreateInput = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    permissions: Type.Optional(Type.Array(PermissionId, { maxItems: 500 })),
    requires_two_factor: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RoleUpdateInput = Static<typeof RoleUpdateBody>;

export const PermissionGroupSchema = Type.Object({
  area: Type.String(),
  permissions: Type.Array(Type.Object({ id: Type.String(), description: Type.String() })),
});

export const MeUpdateBody = Type.Object(
  {
    display_name: Type.Optional(DisplayName),
    locale: Type.Optional(Locale),
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    current_password: Type.Optional(
      Type.String({ maxLength: 1024, description: 'Required to change the email or the password' }),
    ),
  },
  { additionalProperties: false },
);
export type MeUpdateInput = Static<typeof MeUpdateBody>;

export const TokenCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    expires_at: Type.Optional(
      Type.Union([Timestamp, Type.Null()], {
        description:
          'When the token stops working; null or absent: never, or for a token made with an expiring token, at that expiry',
      }),
    ),
    permissions: Type.Optional(
      Type.Union([Type.Array(PermissionId, { minItems: 1, maxItems: 500 }), Type.Null()], {
        description:
          'A subset of your permissions on this site; null or absent: all of yours, as they change',
      }),
    ),
    installation_wide: Type.Optional(
      Type.Boolean({
        description:
          'true: the token works on every site, not only this one. Super Admins only, signed in with a session',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TokenCreateInput = Static<typeof TokenCreateBody>;

export const CreatedApiTokenSchema = Type.Composite([
  ApiTokenSchema,
  Type.Object({
    token: Type.String({ description: 'The secret: shown in this response only, store it now' }),
  }),
]);

export const MeSchema = Type.Composite([
  UserSchema,
  Type.Object({
    permissions: Type.Array(Type.String(), {
      description: 'What this request may do on this site (narrowed to the token when one is used)',
    }),
  }),
]);

/**
 * `{ data, meta: { tokens_revoked } }`: the answer of a change that can set a password, which
 * revokes the account's API tokens as it ends its sessions.
 */
export function EnvelopeWithRevokedTokens<T extends TSchema>(data: T) {
  return Type.Object({
    data,
    meta: Type.Object({
      tokens_revoked: Type.Integer({
        minimum: 0,
        description: 'API tokens of the account this request revoked (a new password revokes them)',
      }),
    }),
  });
}
