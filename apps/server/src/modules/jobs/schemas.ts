import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/envelope.js';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const JobStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')],
  {
    description:
      'pending: waiting to run (or to be retried); running: held by a worker; failed: out of attempts',
  },
);

/** A background job as administrators see it. */
export const JobView = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ description: 'The job type; its handler is defined under this name' }),
    payload: Type.Unknown({ description: 'The JSON document the handler receives' }),
    site_id: Nullable(Type.Integer()),
    status: JobStatus,
    attempts: Type.Integer({ minimum: 0, description: 'Runs started so far' }),
    max_attempts: Type.Integer({ minimum: 1 }),
    run_at: Type.String({ format: 'date-time', description: 'The earliest time of the next run' }),
    locked_by: Nullable(Type.String({ description: 'The worker running the job' })),
    locked_until: Nullable(Timestamp),
    last_error: Nullable(Type.String({ description: 'Why the latest failed run failed' })),
    created_at: Timestamp,
    updated_at: Timestamp,
    completed_at: Nullable(Timestamp),
  },
  { additionalProperties: false },
);

export const JobListQuery = Type.Object(
  { status: Type.Optional(JobStatus), ...PageQuery() },
  { additionalProperties: false },
);
export type JobListQuery = Static<typeof JobListQuery>;

export const JobParams = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
