import { type TSchema, Type } from '@sinclair/typebox';

/**
 * The largest id a row can have: ids are PostgreSQL `serial` columns (32-bit), so a larger number
 * cannot name a row, and sent to PostgreSQL it is an error rather than "not found".
 */
export const MAX_ID = 2_147_483_647;

/** A row id in a path, query or body: 1 to MAX_ID. */
export function Id(options: { description?: string } = {}) {
  return Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });
}

/** `/:id` path parameters. */
export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false });

/**
 * A value of `schema`, or null; `description` says what null means. The null comes first: requests
 * are checked with type coercion, which in the first branch that fits would make `0` or `""` of a
 * null sent for a number or a text.
 */
export const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([Type.Null(), schema], description ? { description } : {});
