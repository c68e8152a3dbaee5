import { type TSchema, Type } from '@sinclair/typebox';
import { MAX_ID } from './input-schemas.js';

/** Pagination meta of spec 2.4. */
export const PaginationMeta = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  per_page: Type.Integer({ minimum: 1 }),
  current_page: Type.Integer({ minimum: 1 }),
  last_page: Type.Integer({ minimum: 1 }),
});

/** Success body `{ data, meta }` of spec 7, for one resource. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ data, meta: Type.Object({}) });
}

/** Success body for a page of a list: data is an array, meta the pagination of spec 2.4. */
export function ListEnvelope<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: PaginationMeta });
}

/** Error body `{ message, errors }` of spec 7; `code` is stable and `request_id` helps support. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    // Any key: a field path echoes the client's own keys, newlines included, which the default
    // record pattern (`^.*$`) would drop from the serialized answer.
    errors: Type.Record(Type.String({ pattern: '^[\\s\\S]*$' }), Type.Array(Type.String())),
    code: Type.Optional(Type.String()),
    request_id: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody', description: 'Error envelope of spec section 7' },
);

/**
 * The error answers of a site route that reads and writes a resource: no or bad credentials,
 * permission, not found, conflict, validation and rate limit. Declared once for the routes' schemas.
 */
export const ResourceErrors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

/**
 * Query parameters of every list: page from 1, limit 1..max (out of range gives 422, never a clamp).
 * Page is bounded like an id, so the offset it implies stays an exact integer on both engines.
 */
export function PageQuery(defaultLimit = 20, maxLimit = 100) {
  return {
    page: Type.Integer({ minimum: 1, maximum: MAX_ID, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
  };
}

export interface Page<T> {
  items: T[];
  total: number;
}

export function listBody<T>(page: Page<T>, currentPage: number, perPage: number) {
  return {
    data: page.items,
    meta: {
      total: page.total,
      per_page: perPage,
      current_page: currentPage,
      last_page: Math.max(1, Math.ceil(page.total / perPage)),
    },
  };
}

export function one<T>(data: T) {
  return { data, meta: {} };
}
