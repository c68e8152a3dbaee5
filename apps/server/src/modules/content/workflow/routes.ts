import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { EntrySchema, LockSchema } from '../entries/entry.js';
import { entryFamilies } from '../entries/routes.js';
import type { LocksService } from '../locks/service.js';
import type { TransitionName } from './rules.js';
import type { WorkflowService } from './service.js';

const transitions: {
  name: TransitionName;
  path: string;
  summary: string;
  body?: ReturnType<typeof Type.Object>;
}[] = [
  { name: 'submit', path: 'submit', summary: 'Submit for review (Draft to In review)' },
  {
    name: 'approve',
    path: 'approve',
    summary: 'Approve (In review to Approved; content.review)',
  },
  {
    name: 'request_changes',
    path: 'request-changes',
    summary: 'Send back to the author (In review or Approved to Draft; content.review), with a comment',
    body: Type.Object(
      { comment: Type.Optional(Type.String({ maxLength: 5000 })) },
      { additionalProperties: false },
    ),
  },
  {
    name: 'publish',
    path: 'publish',
    summary: 'Publish: the site serves the working copy from now on (`<type>.publish`)',
  },
  {
    name: 'schedule',
    path: 'schedule',
    summary: 'Publish at a future time; sent again, it moves the time',
    body: Type.Object({ publish_at: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
  },
  { name: 'unschedule', path: 'unschedule', summary: 'Cancel a schedule (Scheduled to Draft)' },
  { name: 'unpublish', path: 'unpublish', summary: 'Take off the site (Published to Draft)' },
];

/** Workflow transitions and edit locks, for pages, posts and every custom type. */
export function workflowRoutes(
  app: App,
  runtime: Runtime,
  workflow: WorkflowService,
  locks: LocksService,
): void {
  for (const family of entryFamilies) {
    const routes = siteRoutes(app, (request) => operationOf(runtime, request), family.tag);
    for (const transition of transitions) {
      routes.post(
        `${family.base}/:id/${transition.path}`,
        {
          permission: 'authenticated',
          summary: transition.summary,
          description:
            '409 `transition_not_allowed` from another state, naming the transitions possible now.',
          params: family.Params,
          ...(transition.body ? { body: transition.body } : {}),
          data: EntrySchema,
        },
        (ctx, { params, body }) =>
          workflow.take(
            ctx,
            family.typeOf(params),
            (params as { id: number }).id,
            transition.name,
            (body ?? {}) as object,
          ),
      );
    }

    routes.post(
      `${family.base}/:id/lock`,
      {
        permission: 'authenticated',
        summary:
          'Take or renew the edit lock (heartbeat); `?takeover=true` with edit_others takes it from its holder',
        description: '423 `entry_locked` while another user holds it.',
        params: family.Params,
        querystring: Type.Object(
          { takeover: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        data: LockSchema,
      },
      (ctx, { params, query }) =>
        locks.take(ctx, family.typeOf(params), (params as { id: number }).id, query.takeover ?? false),
    );

    routes.delete(
      `${family.base}/:id/lock`,
      { permission: 'authenticated', summary: 'Release the edit lock', params: family.Params },
      (ctx, { params }) => locks.release(ctx, family.typeOf(params), (params as { id: number }).id),
    );
  }
}
