/**
 * What each webhook event says happened, in the server's words (modules/webhooks/events.ts): an
 * entry's events by action, its type as `{{type}}`, then the others by resource and action.
 * events.fr.ts says them in French.
 */
export const en = {
  entry: {
    created: 'A {{type}} was created',
    updated: 'A {{type}} was saved',
    published: 'A {{type}} was published (by hand or on schedule)',
    unpublished: 'A {{type}} was taken off the site (unpublished, trashed or deleted while published)',
    scheduled: 'A {{type}} was scheduled for publication',
    deleted: 'A {{type}} was moved to the trash or deleted',
  },
  other: {
    user: { created: 'A user was created on the site' },
    comment: {
      created: 'A comment was posted (approved, pending or held as spam)',
      approved: 'A comment was approved (on arrival or by a moderator)',
      updated: 'A comment was edited, or held, marked as spam or trashed by a moderator',
      deleted: 'A comment was deleted for good',
    },
    media: {
      created: 'A file was added to the media library (uploaded or imported)',
      updated: "A media item's details, folder, focal point or files changed",
      deleted: 'A media item and its files were deleted',
    },
    settings: { updated: 'Settings of the site changed (the groups are named; values never sent)' },
  },
};
