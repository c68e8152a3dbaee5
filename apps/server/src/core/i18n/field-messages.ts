import { fill, type Placeholders } from './templates.js';

/**
 * What a field's value or definition is refused for, by the stable code of each rule, in every
 * language the server writes: the input validation of every route (Ajv, error-handler.ts), the
 * values of content fields (validate-values.ts) and their definitions (check-definitions.ts).
 * `{{name}}` is where a value goes; each language has the same ones.
 */
export const FIELD_MESSAGES = {
  // Input validation of requests, and the rules values share with it.
  'field.required': { en: 'This field is required.', fr: 'Ce champ est obligatoire.' },
  'field.not_allowed': { en: 'This field is not allowed.', fr: 'Ce champ n’est pas accepté.' },
  'field.type': { en: 'Must be of type {{type}}.', fr: 'Doit être de type {{type}}.' },
  'field.min_length': { en: 'Must be at least {{limit}} characters.', fr: 'Au moins {{limit}} caractères.' },
  'field.max_length': { en: 'Must be at most {{limit}} characters.', fr: 'Au plus {{limit}} caractères.' },
  'field.minimum': { en: 'Must be at least {{limit}}.', fr: 'Doit valoir au moins {{limit}}.' },
  'field.maximum': { en: 'Must be at most {{limit}}.', fr: 'Doit valoir au plus {{limit}}.' },
  'field.exclusive_minimum': { en: 'Must be more than {{limit}}.', fr: 'Doit valoir plus de {{limit}}.' },
  'field.exclusive_maximum': { en: 'Must be less than {{limit}}.', fr: 'Doit valoir moins de {{limit}}.' },
  'field.multiple_of': { en: 'Must be a multiple of {{limit}}.', fr: 'Doit être un multiple de {{limit}}.' },
  'field.format': { en: 'Must be a valid {{format}}.', fr: 'Doit être un {{format}} valide.' },
  'field.one_of': { en: 'Must be one of the allowed values.', fr: 'Doit être l’une des valeurs permises.' },
  'field.pattern': { en: 'Has an invalid format.', fr: 'Le format n’est pas valide.' },
  'field.min_items': { en: 'Must have at least {{limit}} items.', fr: 'Au moins {{limit}} éléments.' },
  'field.max_items': { en: 'Must have at most {{limit}} items.', fr: 'Au plus {{limit}} éléments.' },
  'field.unique_items': {
    en: 'Must not list a value twice.',
    fr: 'Ne doit pas contenir deux fois la même valeur.',
  },
  'field.min_properties': {
    en: 'Must have at least {{limit}} field(s).',
    fr: 'Doit avoir au moins {{limit}} champ(s).',
  },
  'field.max_properties': {
    en: 'Must have at most {{limit}} field(s).',
    fr: 'Doit avoir au plus {{limit}} champ(s).',
  },
  'field.invalid': { en: 'Is invalid.', fr: 'Valeur invalide.' },
  // The values of content fields, by the type of their field.
  'field.values_object': {
    en: 'Expected an object of field values.',
    fr: 'Un objet de valeurs de champs est attendu.',
  },
  'field.unknown_field': {
    en: 'This content type has no such field.',
    fr: 'Ce type de contenu n’a pas ce champ.',
  },
  'field.label_required': { en: '{{label}} is required.', fr: '{{label}} est obligatoire.' },
  'field.text': { en: 'Expected text.', fr: 'Du texte est attendu.' },
  'field.single_line': { en: 'Expected a single line.', fr: 'Une seule ligne est attendue.' },
  'field.html': { en: 'Expected HTML text.', fr: 'Du texte HTML est attendu.' },
  'field.pattern_refused': {
    en: "This field's pattern is no longer accepted; an administrator needs to change it.",
    fr: 'Le motif de ce champ n’est plus accepté ; un administrateur doit le changer.',
  },
  'field.pattern_work': {
    en: 'Too much text to check against field patterns in one save; send shorter values.',
    fr: 'Trop de texte à vérifier contre les motifs des champs en un enregistrement ; envoyez des valeurs plus courtes.',
  },
  'field.number': { en: 'Expected a number.', fr: 'Un nombre est attendu.' },
  'field.integer': { en: 'Expected a whole number.', fr: 'Un nombre entier est attendu.' },
  'field.decimals': { en: 'At most {{limit}} decimal places.', fr: 'Au plus {{limit}} décimales.' },
  'field.email': { en: 'Expected an email address.', fr: 'Une adresse e-mail est attendue.' },
  'field.url': { en: 'Expected a URL.', fr: 'Une URL est attendue.' },
  'field.full_url': {
    en: 'Expected a full URL (https://...).',
    fr: 'Une URL complète est attendue (https://…).',
  },
  'field.http_only': {
    en: 'Only http and https URLs are accepted.',
    fr: 'Seules les URL http et https sont acceptées.',
  },
  'field.choice': { en: 'Not among the choices.', fr: 'Ne fait pas partie des choix.' },
  'field.not_among': {
    en: 'Not among the choices: {{values}}.',
    fr: 'Ne fait pas partie des choix : {{values}}.',
  },
  'field.choices': { en: 'Expected a list of choices.', fr: 'Une liste de choix est attendue.' },
  'field.boolean': { en: 'Expected true or false.', fr: 'Vrai ou faux est attendu.' },
  'field.date': { en: 'Expected a date, YYYY-MM-DD.', fr: 'Une date est attendue (AAAA-MM-JJ).' },
  'field.no_such_day': { en: 'This day does not exist.', fr: 'Ce jour n’existe pas.' },
  'field.datetime': {
    en: 'Expected a date and time, ISO 8601 (2026-05-01T09:30:00Z).',
    fr: 'Une date et une heure sont attendues, au format ISO 8601 (2026-05-01T09:30:00Z).',
  },
  'field.not_before': { en: 'Must be {{limit}} or later.', fr: 'Doit être le {{limit}} ou après.' },
  'field.not_after': { en: 'Must be {{limit}} or earlier.', fr: 'Doit être le {{limit}} ou avant.' },
  'field.color': {
    en: 'Expected a hex colour (#rrggbb).',
    fr: 'Une couleur hexadécimale est attendue (#rrvvbb).',
  },
  'field.items': { en: 'Expected a list of items.', fr: 'Une liste d’éléments est attendue.' },
  'field.ids': { en: 'Expected a list of ids.', fr: 'Une liste d’identifiants est attendue.' },
  'field.id': { en: 'Expected an id.', fr: 'Un identifiant est attendu.' },
  'field.json_size': { en: 'This JSON value is too large.', fr: 'Cette valeur JSON est trop grande.' },
  'field.json_depth': {
    en: 'JSON values nest {{limit}} levels at most.',
    fr: 'Les valeurs JSON s’imbriquent sur {{limit}} niveaux au plus.',
  },
  'field.unknown_type': { en: 'Unknown field type.', fr: 'Type de champ inconnu.' },
  // The definitions of content fields (a content type's, a plugin's).
  'definition.duplicate_key': {
    en: 'Another field is already named {{key}}.',
    fr: 'Un autre champ s’appelle déjà {{key}}.',
  },
  'definition.option_not_taken': {
    en: 'A {{type}} field takes no {{option}}.',
    fr: 'Un champ {{type}} n’a pas d’option {{option}}.',
  },
  // The reason is the value's own message, said in the same language.
  'definition.default_invalid': {
    en: 'The default is not a valid value: {{reason}}',
    fr: 'La valeur par défaut n’est pas valide : {{reason}}',
  },
  'definition.lengths': { en: 'min_length is above max_length.', fr: 'min_length dépasse max_length.' },
  'definition.item_counts': { en: 'min_items is above max_items.', fr: 'min_items dépasse max_items.' },
  'definition.number_bound': {
    en: '{{bound}} of a number field is a number.',
    fr: '{{bound}} d’un champ nombre est un nombre.',
  },
  'definition.min_above_max': { en: 'min is above max.', fr: 'min dépasse max.' },
  'definition.integer_decimals': {
    en: 'An integer field has no decimals.',
    fr: 'Un champ entier n’a pas de décimales.',
  },
  'definition.date_bound': {
    en: '{{bound}} of a date field is a YYYY-MM-DD date.',
    fr: '{{bound}} d’un champ date est une date AAAA-MM-JJ.',
  },
  'definition.datetime_bound': {
    en: '{{bound}} of a datetime field is an ISO 8601 time.',
    fr: '{{bound}} d’un champ date et heure est un instant ISO 8601.',
  },
  'definition.min_after_max': { en: 'min is after max.', fr: 'min est après max.' },
  'definition.needs_choices': {
    en: 'A {{type}} field needs choices.',
    fr: 'Un champ {{type}} a besoin de choix.',
  },
  'definition.same_choice': { en: 'Two choices have the same value.', fr: 'Deux choix ont la même valeur.' },
  'definition.select_items': {
    en: 'min_items and max_items apply to a select with multiple: true.',
    fr: 'min_items et max_items ne valent que pour une liste à choix multiple (multiple: true).',
  },
  'definition.relation_items': {
    en: 'min_items and max_items apply to cardinality many.',
    fr: 'min_items et max_items ne valent que pour une relation multiple (cardinality many).',
  },
  'definition.multiple_items': {
    en: 'min_items and max_items apply to multiple: true.',
    fr: 'min_items et max_items ne valent qu’avec multiple: true.',
  },
  'definition.target_type': {
    en: 'A relation field names its target_type.',
    fr: 'Un champ relation indique son type cible (target_type).',
  },
  'definition.sub_fields': {
    en: 'A repeater field needs sub-fields.',
    fr: 'Un champ répéteur a besoin de sous-champs.',
  },
  'definition.repeater_depth': {
    en: 'Repeaters nest {{limit}} deep at most.',
    fr: 'Les répéteurs s’imbriquent sur {{limit}} niveaux au plus.',
  },
  'definition.pattern_invalid': {
    en: 'This is not a valid regular expression.',
    fr: 'Ce n’est pas une expression régulière valide.',
  },
  'definition.pattern_backreference': {
    en: 'Backreferences such as \\1 or \\k<name> are not supported: patterns run in RE2, which matches in linear time.',
    fr: 'Les références arrière comme \\1 ou \\k<name> ne sont pas prises en charge : les motifs s’exécutent dans RE2, qui correspond en temps linéaire.',
  },
  'definition.pattern_lookaround': {
    en: 'Lookahead and lookbehind, (?= (?! (?<= (?<!, are not supported: patterns run in RE2, which matches in linear time.',
    fr: 'Les assertions avant et arrière, (?= (?! (?<= (?<!, ne sont pas prises en charge : les motifs s’exécutent dans RE2, qui correspond en temps linéaire.',
  },
  // RE2's own words (what and where) stay as it says them.
  'definition.pattern_unsupported': {
    en: 'RE2, the linear-time engine patterns run in, does not support this: {{what}} {{where}}.',
    fr: 'RE2, le moteur en temps linéaire qui exécute les motifs, ne prend pas ceci en charge : {{what}} {{where}}.',
  },
  'definition.pattern_too_large': {
    en: 'This pattern is too large: {{size}} steps once compiled, at most {{limit}}. Use smaller repetition counts.',
    fr: 'Ce motif est trop grand : {{size}} étapes une fois compilé, {{limit}} au plus. Utilisez de plus petits nombres de répétitions.',
  },
  'definition.patterns_too_large': {
    en: 'The patterns of this content type are too large together; simplify them.',
    fr: 'Les motifs de ce type de contenu sont trop grands ensemble ; simplifiez-les.',
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type FieldMessageCode = keyof typeof FIELD_MESSAGES;

type ValuesOf<C extends FieldMessageCode> = [Placeholders<(typeof FIELD_MESSAGES)[C]['en']>] extends [never]
  ? []
  : [values: Record<Placeholders<(typeof FIELD_MESSAGES)[C]['en']>, string | number>];

/**
 * The message of a field rule, in English with its values: what services put in a 422's
 * per-field errors. The error handler says it in the caller's language when that is another.
 */
export function fieldMessage<C extends FieldMessageCode>(code: C, ...values: ValuesOf<C>): string {
  return fill(FIELD_MESSAGES[code].en, values[0]);
}
