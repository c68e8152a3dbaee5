import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import {
  BulkBody,
  CommentBody,
  CommentEditBody,
  CommentListQuery,
  CommentParams,
  CommentSchema,
  EntryParams,
  FormQuery,
  FormSchema,
  ListedCommentSchema,
  OpenBody,
  PublicCommentSchema,
  ThreadQuery,
} from './schemas.js';
import type { CommentsService, Moderation } from './service.js';

const screening =
  'Refusals, each a 422 with its reason: the hidden field filled (`comment_refused`), a forged form (`comment_form_invalid`), one sent sooner than the discussion setting min_seconds after the form appeared (`comment_too_fast`) or over a day later (`comment_form_expired`), comments closed (`comments_closed`), a blocklisted word, address or email domain (`comment_blocked`), a parent not approved or too deep. ' +
  'More than max_links links, or a first comment of an address (moderation `unknown_authors`), is accepted as pending. Each address may post 5 comments a minute (RATE_LIMIT_COMMENTS), else 429.';

/** /api/comments: posting (anyone, screened), reading (approved ones), and moderation. */
export function commentRoutes(app: App, runtime: Runtime, comments: CommentsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'comments');

  routes.get(
    '/api/comments/form',
    {
      permission: 'public',
      summary: 'What a comment form needs: a signed token of when it was shown, and the hidden field',
      querystring: FormQuery,
      data: FormSchema,
    },
    (ctx, { query }) => comments.form(ctx, query.entry_id),
  );
  routes.post(
    '/api/comments',
    {
      permission: 'public',
      rateLimit: 'comments',
      summary: 'Post a comment, or a reply, on a published entry whose comments are open',
      description: screening,
      body: CommentBody,
      data: PublicCommentSchema,
      status: 201,
    },
    (ctx, { body, request }) => comments.post(ctx, body, request.headers['user-agent'] ?? null),
  );
  routes.list(
    '/api/comments/thread',
    {
      permission: 'public',
      summary: "An entry's approved comments, each reply after its parent (no addresses)",
      querystring: ThreadQuery,
      data: PublicCommentSchema,
    },
    (ctx, { query }) => comments.thread(ctx, query.entry_id, query.page, query.limit),
  );

  routes.list(
    '/api/comments',
    {
      permission: 'comments.view',
      summary: 'Comments for moderation, newest first, outside the trash unless asked for',
      querystring: CommentListQuery,
      data: ListedCommentSchema,
    },
    (ctx, { query }) =>
      comments.list(
        ctx,
        {
          ...(query.status ? { status: query.status } : {}),
          ...(query.entry_id !== undefined ? { entryId: query.entry_id } : {}),
          ...(query.q ? { text: query.q } : {}),
        },
        query.page,
        query.limit,
      ),
  );
  routes.get(
    '/api/comments/:id',
    { permission: 'comments.view', summary: 'One comment', params: CommentParams, data: CommentSchema },
    (ctx, { params }) => comments.get(ctx, params.id),
  );
  routes.put(
    '/api/comments/:id',
    {
      permission: 'comments.edit',
      summary: "Edit a comment's text, name or website",
      params: CommentParams,
      body: CommentEditBody,
      data: CommentSchema,
    },
    (ctx, { params, body }) => comments.edit(ctx, params.id, body),
  );
  for (const action of ['approve', 'hold', 'spam', 'trash'] as const satisfies readonly Moderation[]) {
    routes.post(
      `/api/comments/:id/${action}`,
      {
        permission: 'comments.moderate',
        summary: {
          approve: 'Approve a comment',
          hold: 'Hold a comment for moderation',
          spam: 'Mark a comment as spam',
          trash: 'Move a comment to the trash',
        }[action],
        params: CommentParams,
        data: CommentSchema,
      },
      async (ctx, { params }) => {
        const [view] = await comments.moderate(ctx, [params.id], action);
        if (!view) throw new Error('a moderated comment went missing');
        return view;
      },
    );
  }
  routes.delete(
    '/api/comments/:id',
    {
      permission: 'comments.delete',
      summary: 'Delete a comment for good, with its replies',
      params: CommentParams,
    },
    (ctx, { params }) => comments.moderate(ctx, [params.id], 'delete'),
  );
  routes.post(
    '/api/comments/:id/reply',
    {
      permission: 'comments.moderate',
      summary: 'Reply as the signed-in moderator: approved at once, the comment replied to approved too',
      description:
        '409 `comment_not_approved` for a comment in the spam or the trash; 422 when replies would nest deeper than the discussion setting max_depth.',
      params: CommentParams,
      body: Type.Object(
        { body: Type.String({ minLength: 1, maxLength: 5000 }) },
        { additionalProperties: false },
      ),
      data: CommentSchema,
      status: 201,
    },
    (ctx, { params, body }) => comments.reply(ctx, params.id, body.body),
  );
  routes.post(
    '/api/comments/bulk',
    {
      permission: 'comments.moderate',
      summary: 'Approve, hold, mark as spam, trash or delete many comments at once: all or none',
      description:
        'An id that is no comment of this site refuses the whole request (404). Deleting needs comments.delete.',
      body: BulkBody,
      data: Type.Array(CommentSchema),
    },
    (ctx, { body }) => comments.moderate(ctx, body.ids, body.action),
  );
  routes.put(
    '/api/discussions/:entryId',
    {
      permission: 'comments.moderate',
      summary: "Close an entry's comments, or open them again",
      params: EntryParams,
      body: OpenBody,
      data: Type.Object({ entry_id: Type.Integer(), open: Type.Boolean() }),
    },
    (ctx, { params, body }) => comments.setOpen(ctx, params.entryId, body.open),
  );
}
