/**
 * A message of the server as the admin reads it: its words with a `{{name}}` where the server puts
 * a value (`Folder {{id}} does not exist.`), matched against what the server sent to find that value.
 */
export interface Matcher {
  /** The i18next key of its words in the interface's language. */
  key: string;
  pattern: RegExp;
}

/** A value that is itself one of the server's messages (the reason a download failed): said too. */
export const NESTED = 'reason';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

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
function sureness(template: string): number {
  const words = template.replace(PLACEHOLDER, '').length;
  return template.startsWith('{{') ? words : 10_000 + words;
}

/** Every template under `messages` (nested by area), surest first, each keyed `prefix.path`. */
export function matchersOf(messages: object, prefix: string): Matcher[] {
  const found: Array<Matcher & { sureness: number }> = [];
  const walk = (node: object, path: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string')
        found.push({
          key: `${path}.${name}`,
          pattern: patternOf(value),
          sureness: sureness(value),
        });
      else walk(value as object, `${path}.${name}`);
    }
  };
  walk(messages, prefix);
  return found.sort((a, b) => b.sureness - a.sureness).map(({ key, pattern }) => ({ key, pattern }));
}
