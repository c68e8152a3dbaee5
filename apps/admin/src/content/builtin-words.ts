/**
 * The English words the server gives its built-in types, their fields and the default category
 * (taxonomies have theirs in taxonomies/queries.ts's labelsOf)
 * (apps/server/src/modules/content/types/builtin.ts), each with the key of its translation. A label
 * still equal to the built-in default is shown in the admin's language; one a user changed is theirs.
 */
const BUILTIN_WORDS: Readonly<Record<string, string>> = {
  Posts: 'contentList.builtin.posts',
  Pages: 'contentList.builtin.pages',
  Post: 'contentList.builtin.post',
  Page: 'contentList.builtin.page',
  Content: 'contentList.builtin.content',
  'The article itself. The excerpt is taken from its beginning when none is written.':
    'contentList.builtin.contentHelp',
  Uncategorized: 'contentList.builtin.uncategorized',
};

/** A label as the admin shows it: translated while it is the server's built-in default. */
export function builtinWord(t: (key: string) => string, label: string): string;
export function builtinWord(t: (key: string) => string, label: string | undefined): string | undefined;
export function builtinWord(t: (key: string) => string, label: string | undefined): string | undefined {
  const key = label === undefined ? undefined : BUILTIN_WORDS[label];
  return key ? t(key) : label;
}
