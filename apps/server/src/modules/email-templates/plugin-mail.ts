import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import type { MailEventDefinition } from '../../core/mail/templates/mail-event.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { ADMINISTRATORS, type PluginMailMessage } from '../../core/plugins/plugin-setup.js';
import type { Runtime } from '../../core/runtime.js';
import { siteAdministrators } from '../identity/users/bylines.js';
import { renderEventMail } from './site-mail.js';

/**
 * `plugin.mail.send`: the plugin's event rendered from the site's template (or its default) in the
 * recipient's language and queued as every site mail is, in the operation's transaction when one
 * is open. To `administrators`: one mail to each of the site's administrators (its Admins and the
 * Super Admins), each in their own language, their addresses never handed to the plugin.
 */
export async function sendPluginMail(
  runtime: Runtime,
  ctx: OperationContext,
  event: MailEventDefinition,
  message: PluginMailMessage,
): Promise<void> {
  const recipients =
    message.to === ADMINISTRATORS
      ? (await siteAdministrators(runtime.data, ctx.site.id)).map(({ email, locale }) => ({
          to: email,
          locale: locale === 'und' ? null : locale,
        }))
      : [{ to: message.to, locale: message.locale ?? null }];
  for (const { to, locale } of recipients) {
    const rendered = await renderEventMail(runtime, ctx.site, event, locale, message.variables);
    await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, ctx.site, {
      to,
      ...rendered,
      ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    });
  }
}
