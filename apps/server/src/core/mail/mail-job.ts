import type { SecretBox } from '../access/secret-box.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import { type Site, systemNameOf } from '../sites/site.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The one job kind that sends mail: every message Tessera sends goes through the queue. (Not
 * `mail.send`, which tests of the queue use as a sample name with a payload of their own.)
 */
export const MAIL_JOB = 'mail.deliver';

/**
 * A message waiting in the queue. Whom it is for and its subject stay readable (the jobs API shows
 * them to administrators); the body is sealed, since it may carry a live link (a password reset).
 */
export interface QueuedMail {
  to: string;
  subject: string;
  /** `{ text, html }` as JSON, sealed with the installation's SecretBox. */
  body: string;
}

declare module '../jobs/job.js' {
  interface JobPayloads {
    'mail.deliver': QueuedMail;
  }
}

interface MailBody {
  text: string;
  html: string | null;
  /** Sealed with the body: a visitor's address is personal data. */
  replyTo?: string;
  /** The sender's display name (a site's white-label name). */
  fromName?: string;
}

/**
 * Queues a message. Pass the queue of the operation's transaction (`queue.withData(tx)`): the mail
 * then exists exactly when the change that caused it commits, and a crash between the commit and
 * the send loses nothing, since a worker sends it (again, after a failure, with the queue's backoff).
 */
export function enqueueMail(
  queue: JobQueue,
  secrets: SecretBox,
  message: MailMessage,
  options: { siteId?: number | null } = {},
): Promise<number> {
  const body: MailBody = {
    text: message.text,
    html: message.html ?? null,
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    ...(message.fromName === undefined ? {} : { fromName: message.fromName }),
  };
  return queue.enqueue(
    MAIL_JOB,
    { to: message.to, subject: message.subject, body: secrets.seal(JSON.stringify(body)) },
    { siteId: options.siteId ?? null },
  );
}

/**
 * Queues a message a site sends (a password reset, a notification, a contact form's message): from
 * the site's system name, so white-label holds in the recipient's inbox too, never MAIL_FROM's
 * vendor name. Every system mail of a site goes through here.
 */
export function enqueueSiteMail(
  queue: JobQueue,
  secrets: SecretBox,
  site: Pick<Site, 'id' | 'name' | 'branding'>,
  message: Omit<MailMessage, 'fromName'>,
): Promise<number> {
  return enqueueMail(queue, secrets, { ...message, fromName: systemNameOf(site) }, { siteId: site.id });
}

/** Attempts before a message is given up (the backoff spaces them over about half an hour). */
const MAIL_ATTEMPTS = 8;

/**
 * Defines the handler: opens the body and hands the message to the mailer (SMTP, or an .eml file
 * without SMTP_URL). A refusal by the SMTP server throws, and the queue retries later.
 */
export function defineMailJob(registry: JobRegistry, mailer: Mailer, secrets: () => SecretBox): void {
  registry.define(
    MAIL_JOB,
    async (mail) => {
      const body = JSON.parse(secrets().open(mail.body)) as MailBody;
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: body.text,
        ...(body.html === null ? {} : { html: body.html }),
        ...(body.replyTo === undefined ? {} : { replyTo: body.replyTo }),
        ...(body.fromName === undefined ? {} : { fromName: body.fromName }),
      });
    },
    { maxAttempts: MAIL_ATTEMPTS },
  );
}
