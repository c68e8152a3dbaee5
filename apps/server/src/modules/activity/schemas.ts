import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/envelope.js';
import { Id } from '../../core/http/input-schemas.js';

export const ActivityEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    user: Type.Union([
      Type.Object({ id: Type.Integer(), email: Type.String(), display_name: Type.String() }),
      Type.Null(),
    ]),
    action: Type.String(),
    subject_type: Type.Union([Type.Null(), Type.String()]),
    subject_id: Type.Union([Type.Null(), Type.String()]),
    ip: Type.Union([Type.Null(), Type.String()]),
    details: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ActivityEntry' },
);
export type ActivityEntryView = Static<typeof ActivityEntrySchema>;

export const ActivityFilterQuery = Type.Object({
  user_id: Type.Optional(Id()),
  action: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Exact action (user.created) or an area with a wildcard (user.*)',
    }),
  ),
  subject_type: Type.Optional(Type.String({ maxLength: 50 })),
  subject_id: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Inclusive lower bound, ISO 8601' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Exclusive upper bound, ISO 8601' })),
});
export type ActivityFilter = Static<typeof ActivityFilterQuery>;

export const ActivityListQuery = Type.Composite([ActivityFilterQuery, Type.Object(PageQuery())]);
