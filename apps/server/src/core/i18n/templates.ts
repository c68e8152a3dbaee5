/**
 * A message's words with a `{{name}}` where a value goes (`Folder {{id}} does not exist.`). The
 * server writes English from the template and finds the template again in what it wrote, with its
 * values, to say the same in another language.
 */
export type Values = Readonly<Record<string, string | number>>;

/** The names of a template's placeholders, as a type: `fill`'s values are checked against them. */
export type Placeholders<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The template with each placeholder replaced by its value (a missing one by nothing). */
export function fill(template: string, values: Values = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : '',
  );
}

/** The names of a template's placeholders, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((found) => found[1] ?? '');
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The template as a pattern: its words exactly, each placeholder any text (even none, `place{{s}}`).
 * A value at the end takes all that is left (a nested message, its full stop too); a template that
 * ends with words but no full stop takes one or none (TypeBox's messages come both ways).
 */
export function patternOf(template: string): RegExp {
  let source = '';
  let last = 0;
  for (const found of template.matchAll(PLACEHOLDER)) {
    source += `${escaped(template.slice(last, found.index))}(?<${found[1]}>[\\s\\S]*?)`;
    last = found.index + found[0].length;
  }
  source += escaped(template.slice(last));
  const closed = template.endsWith('.') || template.endsWith('}}');
  return new RegExp(`^${source}${closed ? '' : '\\.?'}$`);
}

/**
 * How sure a match of the template is, to try the surest first: one that starts with its own words
 * before one that starts with a value (which could hold a whole other message), then the more words
 * of its own the better.
 */
export function surenessOf(template: string): number {
  const words = template.replace(PLACEHOLDER, '').length;
  return template.startsWith('{{') ? words : 10_000 + words;
}
