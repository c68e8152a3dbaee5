import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/envelope.js';
import { IdParams, Nullable } from '../../core/http/input-schemas.js';

const Timestamp = Type.String({ format: 'date-time' });

export const JobStatus = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('completed'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ],
  {
    description:
      'pending: waiting to run (or to be retried); running: held by a worker; failed: out of attempts; cancelled: called off before it ran',
  },
);

/** A background job as administrators see it. */
export const JobView = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ description: 'The job type; its handler is defined under this name' }),
    queue: Type.String({ description: 'The named queue it runs in; each has its own worker concurrency' }),
    payload: Type.Unknown({ description: 'The JSON document the handler receives' }),
    site_id: Nullable(Type.Integer()),
    dedupe_key: Nullable(
      Type.String({ description: 'Enqueueing the same name and key again while this job waits returns it' }),
    ),
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

const QueueName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.-]*$' });
// PostgreSQL refuses a NUL in text, so it is refused here as input rather than failing as a query.
const JobName = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]*$' });

export const JobListQuery = Type.Object(
  {
    status: Type.Optional(JobStatus),
    queue: Type.Optional(QueueName),
    name: Type.Optional(JobName),
    ...PageQuery(),
  },
  { additionalProperties: false },
);
export type JobListQuery = Static<typeof JobListQuery>;
export type JobFilter = Omit<JobListQuery, 'page' | 'limit'>;

// The shared id bounds: a larger id cannot name a row (ids are 32-bit on PostgreSQL).
export const JobParams = IdParams;

export const RescheduleBody = Type.Object(
  { run_at: Type.String({ format: 'date-time', description: 'The earliest time the job may run' }) },
  { additionalProperties: false },
);
export type RescheduleBody = Static<typeof RescheduleBody>;
