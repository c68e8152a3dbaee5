/**
 * The server's 422 messages of a save, placed where the builder shows them. The server names each
 * by its path in the body (`fields.2.label`, `settings.recipients.0`, `translations.fr.title`); a
 * field's messages are kept by the field's own key, not its index, so they stay beside the right
 * field when fields are moved afterwards.
 */
export interface PlacedErrors {
  /** The form's own inputs by path: `title`, `slug`, `settings.recipients`, `settings.success.message`. */
  form: Record<string, string[]>;
  /** By field key, then by the path inside the field: `label`, `options.1.value`. */
  fields: Record<string, Record<string, string[]>>;
  /** By path after `translations.`: `fr.title`, `fr.fields.email.label`. */
  translations: Record<string, string[]>;
  /** Messages with no input of their own (`fields` itself, an index no field has). */
  unplaced: Array<{ path: string; messages: string[] }>;
}

export const NO_ERRORS: PlacedErrors = { form: {}, fields: {}, translations: {}, unplaced: [] };

/**
 * A text of one language that the translations show an input for; a message about a whole
 * language or a field it names (a language the site no longer has) has none.
 */
const TRANSLATED_TEXT =
  /^translations\.[^.]+\.(title|submit_label|success_message|fields\.[^.]+\.(label|help|placeholder|consent_text|options\..+))$/;

/** A list's element inside a setting (`recipients.0`) is shown beside the list's input. */
const LIST_SETTINGS = /^(settings\.recipients)\.\d+$/;

/**
 * `errors` of the failed save, `fieldKeys` the keys of the fields in the order the saved body held
 * them.
 */
export function placeErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  fieldKeys: readonly string[],
): PlacedErrors {
  const placed: PlacedErrors = { form: {}, fields: {}, translations: {}, unplaced: [] };
  const add = (bucket: Record<string, string[]>, path: string, messages: readonly string[]) => {
    bucket[path] = [...(bucket[path] ?? []), ...messages];
  };
  for (const [path, messages] of Object.entries(errors)) {
    const field = /^fields\.(\d+)\.(.+)$/.exec(path);
    if (field) {
      const key = fieldKeys[Number(field[1])];
      if (key === undefined) placed.unplaced.push({ path, messages: [...messages] });
      else {
        placed.fields[key] ??= {};
        add(placed.fields[key], field[2] as string, messages);
      }
    } else if (TRANSLATED_TEXT.test(path))
      add(placed.translations, path.slice('translations.'.length), messages);
    else if (path === 'title' || path === 'slug' || path.startsWith('settings.'))
      add(placed.form, path.replace(LIST_SETTINGS, '$1'), messages);
    else placed.unplaced.push({ path, messages: [...messages] });
  }
  return placed;
}

/**
 * The messages of a field's input: its own path, and those under it (`options` gathers
 * `options.1.value`, `accept` gathers `accept.0`).
 */
export function messagesAt(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  path: string,
): string | undefined {
  if (!errors) return undefined;
  const found = Object.entries(errors)
    .filter(([at]) => at === path || at.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
  return found.length > 0 ? found.join(' ') : undefined;
}

/** How many messages there are in all: the builder says it above the form. */
export function countErrors(placed: PlacedErrors): number {
  const sum = (bucket: Record<string, string[]>) =>
    Object.values(bucket).reduce((n, list) => n + list.length, 0);
  return (
    sum(placed.form) +
    sum(placed.translations) +
    Object.values(placed.fields).reduce((n, bucket) => n + sum(bucket), 0) +
    placed.unplaced.reduce((n, each) => n + each.messages.length, 0)
  );
}
