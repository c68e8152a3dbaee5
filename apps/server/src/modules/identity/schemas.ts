import { Type, type Static } from '@sinclair/typebox';

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
    expires_at: NullableTimestamp,
    last_used_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
    created_at: Timestamp,
  },
  { $id: 'ApiToken' },
);

export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Password }, { additionalProperties: false });

export const LoginResult = Type.Object({
  user: Type.Optional(UserSchema),
  csrf_token: Type.Optional(Type.String({ description: 'Send back in the X-CSRF-Token header on unsafe methods' })),
  two_factor_required: Type.Boolean(),
  challenge: Type.Optional(Type.String({ description: 'Pass to POST /api/auth/two-factor with a code' })),
});
