import { recordActivity } from '../../../core/activity/record.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';

/**
 * A change to the newsletter's lists, subscribers or imports in the activity log, by the operation's
 * actor. Details never carry an address: the log outlives the subscriber it would name.
 */
export async function recordNewsletterActivity(
  runtime: Runtime,
  ctx: OperationContext,
  change: {
    action: string;
    subject: 'newsletter_list' | 'newsletter_subscriber' | 'newsletter_import';
    id: number;
  },
  details: Record<string, unknown>,
): Promise<void> {
  await recordActivity(runtime.data, ctx.site.id, {
    userId: ctx.actor.userId,
    action: change.action,
    subjectType: change.subject,
    subjectId: change.id,
    ip: ctx.actor.ip,
    details,
  });
}
