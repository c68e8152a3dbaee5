import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import type { MailEventDefinition } from '../../core/mail/templates/mail-event.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { PluginMailMessage } from '../../core/plugins/plugin-setup.js';
import type { Runtime } from '../../core/runtime.js';
import { renderEventMail } from './site-mail.js';

/**
 * `plugin.mail.send`: the plugin's event rendered from the site's template (or its default) in the
 * recipient's language and queued as every site mail is, in the operation's transaction when one
 * is open.
 */
export async function sendPluginMail(
  runtime: Runtime,
  ctx: OperationContext,
  event: MailEventDefinition,
  message: PluginMailMessage,
): Promise<void> {
  const rendered = await renderEventMail(runtime, ctx.site, event, message.locale ?? null, message.variables);
  await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, ctx.site, {
    to: message.to,
    ...rendered,
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
  });
}
