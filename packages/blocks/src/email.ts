/**
 * The blocks a newsletter campaign is written with: those a mail client shows the same way as a
 * browser once rendered as tables (no scripts, forms, embeds or interactive layouts). `columns`
 * holds `container`s, one per column; `latest-posts` becomes a digest of the site's recent posts.
 */
export const EMAIL_BLOCK_TYPES: readonly string[] = [
  'heading',
  'paragraph',
  'list',
  'quote',
  'image',
  'button',
  'separator',
  'spacer',
  'columns',
  'container',
  'latest-posts',
];
