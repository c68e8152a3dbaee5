import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Audience } from './catalogue.js';
import { listedTo, visible } from './visibility.js';

export interface McpPrompt {
  readonly name: string;
  readonly description: string;
  readonly arguments: ReadonlyArray<{ name: string; description: string; required?: boolean }>;
  readonly permissions: readonly string[];
  /** It has the agent change the site: not offered where the MCP surface is read-only. */
  readonly writes: boolean;
  /** The text of the user message the prompt becomes. */
  render(args: Record<string, string>): string;
}

/**
 * Prompts are instructions, not operations: they tell the agent which tools to call, and those
 * tools do the work with their own checks. Each is listed to whoever could carry it out.
 */
const corePrompts: McpPrompt[] = [
  {
    name: 'draft_post',
    description: 'Draft a blog post from notes, saved as a draft for a person to review',
    arguments: [
      { name: 'notes', description: 'The notes, outline or facts the post is made from', required: true },
      { name: 'audience', description: 'Who the post is for (optional)' },
    ],
    permissions: ['posts.create'],
    writes: true,
    render: (args) =>
      [
        'Write a blog post for this site from the notes below, and save it as a draft; do not publish it.',
        'First read the resource tessera://content-types for the fields of the post type, and list the categories and tags with terms_list (taxonomy "category", then "tag") to choose existing terms.',
        'Then call post_create with a clear title, an excerpt of one or two sentences, the body as HTML in the fields the type defines, and the chosen term ids in `terms`. If the answer is a 422, correct the fields it names and try again.',
        args.audience ? `The readers: ${args.audience}.` : '',
        `Notes:\n${args.notes ?? ''}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
  },
  {
    name: 'write_alt_text',
    description: 'Write alt text for the images of the media library that have none',
    arguments: [{ name: 'limit', description: 'How many images at most (default 20)' }],
    permissions: ['media.edit', 'media.edit_others'],
    writes: true,
    render: (args) =>
      [
        `Find up to ${Number(args.limit) > 0 ? Number(args.limit) : 20} images of the media library without alt text: call media_list with type "image" and page through it, keeping the items whose alt_text is empty.`,
        'For each, look at the image (its URL is in the item), then call media_update_alt_text with a short, factual description of what it shows (at most 125 characters, no "image of"). Leave an image alone if you cannot see it.',
        'End with the list of items you changed and the text you gave each.',
      ].join('\n\n'),
  },
  {
    name: 'summarize_revision',
    description: 'Summarize what changed in a revision of an entry',
    arguments: [
      { name: 'type', description: 'The content type slug (post, page...)', required: true },
      { name: 'id', description: 'The entry id', required: true },
      { name: 'revision', description: 'The revision id (default: the latest)' },
    ],
    permissions: [],
    writes: false,
    render: (args) =>
      [
        `Call ${args.type}_revisions with id ${args.id} to list the revisions of the entry, newest first.`,
        `Take revision ${args.revision || 'the newest'} and the one before it, and call ${args.type}_revisions_compare with id ${args.id}, from the older and to the newer revision id.`,
        'Summarize the change for an editor in a few sentences: what was added, removed or reworded, which fields and terms changed, and who made the revision and when.',
      ].join('\n\n'),
  },
];

export function promptsFor(runtime: Runtime, audience: Audience): McpPrompt[] {
  const plugins: McpPrompt[] = pluginsOf(runtime)
    .mcpEntries(audience.site.id)
    .flatMap((entry) => (entry.kind === 'prompt' ? [entry] : []))
    .map((entry) => ({
      name: entry.name,
      description: entry.spec.description,
      arguments: entry.spec.arguments ?? [],
      permissions: listedTo(entry.spec.permission),
      // Unless the plugin says its prompt only reads, it may ask for changes: hidden on read-only sites.
      writes: entry.spec.readOnly !== true,
      render: entry.render,
    }));
  return [...corePrompts, ...plugins].filter(
    (prompt) => visible(prompt.permissions, audience.access) && !(audience.readOnly && prompt.writes),
  );
}
