import { type Block, eachBlock, FIELD_MAX_LENGTH, type FormField, HONEYPOT } from '@tessera/blocks';
import type { ContactSubmission } from '@tessera/plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymousActorOn } from '../../core/access/actor.js';
import type { App } from '../../core/http/app-type.js';
import { installationLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import { operationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { contentOf } from '../content/content.js';
import { renderSiteMail } from '../email-templates/module.js';
import { siteAdminAddresses } from '../identity/users/bylines.js';
import { acceptFormPosts, fromAnotherSite, pageAgain, postedId, spentBudget } from './form-posts.js';
import type { PublicSite } from './service.js';

/** A contact form's message, as the `form.submission` filter shows it to plugins. */
export type { ContactSubmission };

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * A contact form's message before it is mailed: change it (recipients, subject), or return
     * null to take it over (the forms plugin stores submissions instead).
     */
    'form.submission': [submission: ContactSubmission | null];
  }
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const BLOCK_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The faults of a submission, by field name; an empty record when it may be sent. */
export function checkSubmission(
  fields: readonly FormField[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (value === '') {
      if (field.required) errors[field.name] = `${field.label}: this field is required.`;
      continue;
    }
    if (value.length > FIELD_MAX_LENGTH[field.type])
      errors[field.name] = `${field.label}: at most ${FIELD_MAX_LENGTH[field.type]} characters.`;
    else if (field.type === 'email' && !EMAIL.test(value))
      errors[field.name] = `${field.label}: enter an email address such as name@example.com.`;
    else if (field.type === 'url' && !/^https?:\/\/[^\s]+$/.test(value))
      errors[field.name] = `${field.label}: enter an address starting with http:// or https://.`;
  }
  return errors;
}

/**
 * POST /_forms/{entryId}/{blockId}: a contact form block's submission, as a browser sends it
 * (urlencoded, no script). A valid one is mailed to the site's administrators through the queue
 * and the visitor goes back to the page, which says it was sent; an invalid one shows the page again
 * with the faults and what was typed (422). A filled-in honeypot is answered as if sent, and nothing
 * is mailed. Rate limited in the comments group, the budget of the site's other public form, by
 * address: past it the page comes back with the form saying so (429), and nothing is mailed.
 */
export function contactFormRoutes(app: App, runtime: Runtime, site: PublicSite): void {
  const content = contentOf(runtime);
  const limiter = installationLimiter(runtime);
  app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.route({
      method: 'POST',
      url: '/_forms/:entryId/:blockId',
      config: { permission: 'public', rateLimit: 'comments' },
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const current = request.site;
        const { entryId, blockId } = request.params as { entryId: string; blockId: string };
        const id = postedId(entryId);
        if (!current || id === null || !BLOCK_ID.test(blockId)) return reply.code(404).send();
        if (fromAnotherSite(request)) return reply.code(403).send();
        const found = await content.published.entry(current, id);
        const form = found ? formBlock(found.row.live.blocks as Block[], blockId) : null;
        if (!found || !form) return reply.code(404).send();
        const values = (request.body ?? {}) as Record<string, string>;
        const back = `${found.item.url}?sent=${blockId}#form-${blockId}`;
        const again = (status: 422 | 429, errors: Record<string, string>) =>
          pageAgain(site, current, id, request, reply, status, {
            form: { blockId, state: { status: 'invalid', errors, values } },
          });
        const spent = await spentBudget(limiter, request, reply);
        if (spent !== null) {
          reply.header('retry-after', String(spent));
          return again(429, {
            [FORM_ERROR]: `Too many messages from your address: try again in ${Math.ceil(spent / 60)} min.`,
          });
        }
        if (values[HONEYPOT]) return reply.code(303).header('location', back).send();
        const errors = checkSubmission(form.fields, values);
        if (Object.keys(errors).length > 0) return again(422, errors);
        const email = form.fields.find((field) => field.type === 'email' && values[field.name]);
        await submit(runtime, current, {
          entryId: id,
          blockId,
          page: `${request.protocol}://${request.host}${found.item.url}`,
          fields: form.fields.map((field) => ({
            name: field.name,
            label: field.label,
            value: values[field.name] ?? '',
          })),
          recipients: form.recipient ? [form.recipient] : await siteAdminAddresses(runtime.data, current.id),
          subject: form.subject,
          replyTo: email ? (values[email.name] ?? null) : null,
        });
        return reply.code(303).header('location', back).send();
      },
    });
  });
}

/** The key of a message about the whole form, not one field (the rate limit). */
const FORM_ERROR = 'form';

interface FormProps {
  fields: FormField[];
  subject: string;
  recipient?: string;
}

function formBlock(tree: readonly Block[], blockId: string): FormProps | null {
  let found: FormProps | null = null;
  eachBlock(tree, (block) => {
    if (block.id === blockId && block.type === 'form') found = block.props as unknown as FormProps;
  });
  return found;
}

/**
 * Hands the message to the `form.submission` filter, then mails what it leaves, one mail per
 * recipient from the site's `form.submission` template. Recipients are addresses, not people whose
 * language is known: the mail is in the site's default language.
 */
async function submit(runtime: Runtime, site: Site, submission: ContactSubmission): Promise<void> {
  const ctx = operationContext(runtime, anonymousActorOn(site, runtime.permissions, null));
  const kept = await ctx.hooks.applyFilters('form.submission', submission);
  if (!kept) return;
  const form = {
    subject: kept.subject,
    page: kept.page,
    fields: kept.fields.map((field) => ({ label: field.label, value: field.value })),
  };
  await ctx.transaction(async () => {
    for (const to of kept.recipients) {
      const mail = await renderSiteMail(runtime, site, 'form.submission', null, {
        recipient: { email: to },
        form,
      });
      await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, site, {
        to,
        ...mail,
        ...(kept.replyTo ? { replyTo: kept.replyTo } : {}),
      });
    }
  });
}
