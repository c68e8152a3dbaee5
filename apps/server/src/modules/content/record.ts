import { recordActivity } from '../../core/activity/record.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';

/** An activity entry for a content change, in the operation's transaction, by its actor. */
export function recordContent(
  runtime: Runtime,
  ctx: OperationContext,
  action: string,
  subject: { type: 'entry' | 'content_type' | 'taxonomy' | 'term'; id: number },
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordActivity(runtime.data, ctx.site.id, {
    userId: ctx.actor.userId,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    ip: ctx.actor.ip,
    details,
  });
}
