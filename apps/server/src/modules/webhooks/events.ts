import type { ContentType } from '../content/types/content-type.js';

/** What happens to an entry of any type, as `<type>.<action>` (core/events/site-events.ts). */
const ENTRY_ACTIONS: Record<string, string> = {
  created: 'was created',
  updated: 'was saved',
  published: 'was published (by hand or on schedule)',
  unpublished: 'was taken off the site (unpublished, trashed or deleted while published)',
  scheduled: 'was scheduled for publication',
  deleted: 'was moved to the trash or deleted',
};

const OTHER_EVENTS: Record<string, string> = {
  'user.created': 'A user was created on the site',
  'comment.created': 'A comment was posted (approved, pending or held as spam)',
  'comment.approved': 'A comment was approved (on arrival or by a moderator)',
  'comment.updated': 'A comment was edited, or held, marked as spam or trashed by a moderator',
  'comment.deleted': 'A comment was deleted for good',
  'media.created': 'A file was added to the media library (uploaded or imported)',
  'media.updated': "A media item's details, folder, focal point or files changed",
  'media.deleted': 'A media item and its files were deleted',
  'settings.updated': 'Settings of the site changed (the groups are named; values never sent)',
};

export interface WebhookEvent {
  name: string;
  description: string;
}

/**
 * Every event a webhook of the site can subscribe to: each content type's, then the others, then
 * those of the plugins active on the site (`form.submitted`).
 */
export function eventCatalogue(
  types: readonly ContentType[],
  fromPlugins: readonly WebhookEvent[] = [],
): WebhookEvent[] {
  return [
    ...types.flatMap((type) =>
      Object.entries(ENTRY_ACTIONS).map(([action, happened]) => ({
        name: `${type.slug}.${action}`,
        description: `A ${type.singular_label.toLowerCase()} ${happened}`,
      })),
    ),
    ...Object.entries(OTHER_EVENTS).map(([name, description]) => ({ name, description })),
    ...fromPlugins.map(({ name, description }) => ({ name, description })),
  ];
}

/** The test event of POST /api/webhooks/{id}/ping: delivered whatever the subscription. */
export const PING_EVENT = 'webhook.ping';

/**
 * Whether a subscription covers an event: the name itself, `<resource>.*` for all of a resource's
 * events, or `*` for everything.
 */
export function subscribes(patterns: readonly string[], event: string): boolean {
  const resource = event.slice(0, event.lastIndexOf('.'));
  return patterns.some((pattern) => pattern === '*' || pattern === event || pattern === `${resource}.*`);
}

/** A pattern is valid if it names a known event, a known resource's `.*`, or is `*`. */
export function knownPattern(pattern: string, catalogue: readonly WebhookEvent[]): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) {
    const resource = pattern.slice(0, -2);
    return catalogue.some((event) => event.name.startsWith(`${resource}.`));
  }
  return catalogue.some((event) => event.name === pattern);
}
