import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a contact form's sender), when not to MAIL_FROM. */
  replyTo?: string;
  /** The sender's display name in place of MAIL_FROM's (a site's white-label name); same address. */
  fromName?: string;
  /** Extra header lines (a newsletter's List-Unsubscribe, List-Unsubscribe-Post and List-Id). */
  headers?: Record<string, string>;
}

/** What the server that took a message answered (`250 OK: queued as ...`), or the file written. */
export interface SentMail {
  response: string;
}

/**
 * Sends the installation's mail (password resets, invitations, notifications) from MAIL_FROM.
 * With SMTP_URL it goes out over SMTP; without, each message is written as an .eml file under
 * `<DATA_DIR>/mail/` so a development setup still shows what would have been sent.
 */
export interface Mailer {
  /**
   * Resolves once the message is handed to the SMTP server (or written), with its answer; rejects
   * when that fails, with nodemailer's error: `responseCode` (550) and `response` carry the SMTP
   * server's refusal, and are absent when no server answered (a connection failure).
   */
  send(message: MailMessage): Promise<SentMail>;
  /** Waits for messages still being sent, then releases the SMTP connection. */
  close(): Promise<void>;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger): Mailer {
  const deliver = config.smtpUrl
    ? smtpDelivery(config.smtpUrl, log)
    : fileDelivery(join(config.dataDir, 'mail'), log);
  // Callers may send without awaiting (so a slow SMTP server does not hold a request open);
  // tracking those sends lets close() finish them instead of cutting them off at shutdown.
  const inFlight = new Set<Promise<SentMail>>();
  return {
    send(message) {
      const sending = deliver.send({
        from: message.fromName ? withName(message.fromName, config.mailFrom) : config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        ...(message.headers === undefined ? {} : { headers: message.headers }),
      });
      inFlight.add(sending);
      const forget = () => inFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      deliver.close();
    },
  };
}

// nodemailer is loaded at the first message, not at start: most requests never send mail.
const require = createRequire(import.meta.url);
let nodemailer: typeof nodemailerModule | null = null;
function loadNodemailer(): typeof nodemailerModule {
  nodemailer ??= require('nodemailer') as typeof nodemailerModule;
  return nodemailer;
}

/** A transport made on first use, so nothing is loaded or connected for a process that sends no mail. */
function lazyTransport(make: () => Transporter): { get(): Transporter; close(): void } {
  let transport: Transporter | null = null;
  return {
    get: () => {
      transport ??= make();
      return transport;
    },
    close: () => transport?.close(),
  };
}

interface Envelope extends Omit<MailMessage, 'fromName'> {
  from: string;
}

/** MAIL_FROM's address under another display name, quoted so any name stays one header value. */
export function withName(name: string, mailFrom: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const quoted = name.replace(/[\r\n]/g, ' ').replace(/["\\]/g, (char) => `\\${char}`);
  return `"${quoted}" <${address}>`;
}

interface Delivery {
  send(message: Envelope): Promise<SentMail>;
  close(): void;
}

/** How long opening the connection to the SMTP server may take (nodemailer's own default). */
const CONNECT_TIMEOUT_MS = 120_000;

/**
 * Connects to the SMTP server with Nagle's algorithm off. Each message ends with a short write (the
 * final dot) that otherwise waits for the server's delayed acknowledgement, about 40 ms a message:
 * over a pooled connection (`?pool=true`) that was 44 ms a message whatever its size, 4.8 without.
 * (TLS, for smtps and STARTTLS, is set up by nodemailer over this socket.)
 */
function connectWithoutDelay(
  options: { host?: string | undefined; port?: number | string | undefined; secure?: boolean | undefined },
  callback: (error: Error | null, socketOptions?: { connection: Socket }) => void,
): void {
  const socket = connect({
    host: options.host ?? 'localhost',
    port: Number(options.port) || (options.secure ? 465 : 587),
    noDelay: true,
  });
  let settled = false;
  const failed = (error: Error) => {
    socket.destroy();
    if (settled) return;
    settled = true;
    callback(error);
  };
  socket.setTimeout(CONNECT_TIMEOUT_MS, () =>
    failed(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
  );
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    socket.setTimeout(0);
    settled = true;
    callback(null, { connection: socket });
  });
}

function smtpDelivery(url: string, log: Logger): Delivery {
  // A URL naming a proxy keeps nodemailer's own connection, which goes through it.
  const direct = !new URL(url).searchParams.has('proxy');
  const transport = lazyTransport(() => {
    const made = loadNodemailer().createTransport(url);
    // Set on the transport itself: nodemailer reads only the URL out of `{ url, getSocket }`, and
    // drops the rest of such an object.
    if (direct)
      (made.transporter as { getSocket?: typeof connectWithoutDelay }).getSocket = connectWithoutDelay;
    return made;
  });
  return {
    async send(message) {
      const info = await transport.get().sendMail(message);
      log.info({ to: message.to, messageId: info.messageId }, 'mail sent');
      return { response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}

function fileDelivery(directory: string, log: Logger): Delivery {
  const transport = lazyTransport(() =>
    loadNodemailer().createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    async send(message) {
      const info = await transport.get().sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport returned no buffer.');
      await mkdir(directory, { recursive: true });
      // Colons and dots of the ISO time become dashes: the names stay valid on every filesystem
      // and still sort by time.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const path = join(directory, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written aside and renamed, so whoever watches the folder never reads half a message.
      await writeFile(`${path}.part`, info.message);
      await rename(`${path}.part`, path);
      log.info({ to: message.to, path }, `mail written to ${path}`);
      return { response: `written to ${path}` };
    },
    close: () => transport.close(),
  };
}
