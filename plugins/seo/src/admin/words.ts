/**
 * The SEO plugin's words in the admin, in its own namespace (`admin.useTranslation()` reads them).
 * The checks' messages are the score's own (score/messages-*.ts), in the interface's language.
 */
export const en = {
  panel: {
    title: 'SEO',
    loading: 'Loading the SEO settings…',
    noScore: 'The SEO score cannot be computed now: {{message}}',
    score: 'SEO score',
    outOf: '{{score}}/100',
    preview: 'Search result preview',
    untitled: 'Untitled',
    titleCount: 'Title: {{count}} of {{most}} characters',
    descriptionCount: 'Description: {{count}} of {{most}} characters',
    tooLong: 'too long',
    fallback: 'No description is written: search engines get the excerpt or the first paragraph.',
    keyphrase: 'Focus keyphrase',
    keyphraseHelp: 'The words people search to find this page: the score checks the page for them.',
    seoTitle: 'SEO title',
    seoTitleHelp: 'Empty: the type’s template. Variables such as {{example}} work here too.',
    description: 'Meta description',
    descriptionHelp:
      'The text under the title in search results. Empty: the excerpt, then the first paragraph.',
    checks: 'Checks',
    checksNote:
      'Scored as the entry is on screen, in {{language}}, its title and description compared with the site’s other entries.',
    languages: { en: 'English', fr: 'French', other: '{{code}}, measured as English' },
    sharing: 'Sharing and indexing',
    image: 'Social image',
    imageHelp: 'Shown when the page is shared. None chosen: the featured image, then the site’s default.',
    canonical: 'Canonical address',
    canonicalHelp: 'Where the original of this content lives, when it is not this page. Empty: this page.',
    noindex: 'Hide from search engines',
    nofollow: 'Ask search engines not to follow its links',
    noFields: 'This type has no SEO fields.',
  },
  rating: { good: 'Good', improve: 'Needs improvement', problem: 'Problem' },
  status: { good: 'Good', improve: 'Improve', problem: 'Problem' },
  column: {
    title: 'SEO',
    filter: 'SEO rating',
    unavailable: 'Scores unavailable',
  },
  bulk: {
    title: 'SEO bulk editor',
    intro:
      'The SEO title and meta description of many entries, edited in place and saved one row at a time. Scores are those of each entry’s last save.',
    type: 'Content type',
    types: { page: 'Pages', post: 'Posts' },
    rating: 'Rating',
    anyRating: 'Any rating',
    loading: 'Loading the entries…',
    failed: 'The entries could not be loaded: {{message}}',
    retry: 'Try again',
    empty: 'There are no entries of this type yet.',
    noTypes: 'There is no content type whose entries you may see.',
    emptyRated: 'No entry of this type has this rating.',
    capped: 'The {{count}} most recently created entries with this rating are listed.',
    entry: 'Entry',
    score: 'Score',
    actions: 'Save',
    notScored: 'Not scored yet',
    scoreBadge: '{{score}} · {{rating}}',
    titleOf: 'SEO title of “{{title}}”',
    descriptionOf: 'Meta description of “{{title}}”',
    save: 'Save',
    saveNamed: 'Save the SEO title and description of “{{title}}”',
    saved: 'Saved.',
    conflict:
      'Someone changed this entry after the list was loaded: it is reloaded. Your text is kept: check it and save again.',
    invalid: 'Not saved: check the fields marked.',
    notSaved: 'Not saved: {{message}}',
    pages: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    untitled: 'Untitled',
  },
};

export const fr: typeof en = spacedForFrench({
  panel: {
    title: 'SEO',
    loading: 'Chargement des réglages SEO…',
    noScore: 'Le score SEO ne peut pas être calculé pour l’instant : {{message}}',
    score: 'Score SEO',
    outOf: '{{score}}/100',
    preview: 'Aperçu dans les résultats de recherche',
    untitled: 'Sans titre',
    titleCount: 'Titre : {{count}} caractères sur {{most}}',
    descriptionCount: 'Description : {{count}} caractères sur {{most}}',
    tooLong: 'trop long',
    fallback:
      'Aucune description n’est écrite : les moteurs de recherche reçoivent l’extrait ou le premier paragraphe.',
    keyphrase: 'Expression clé principale',
    keyphraseHelp:
      'Les mots que l’on cherche pour trouver cette page : le score vérifie que la page les emploie.',
    seoTitle: 'Titre SEO',
    seoTitleHelp: 'Vide : le modèle du type. Les variables comme {{example}} fonctionnent ici aussi.',
    description: 'Méta-description',
    descriptionHelp:
      'Le texte sous le titre dans les résultats de recherche. Vide : l’extrait, puis le premier paragraphe.',
    checks: 'Vérifications',
    checksNote:
      'Calculé sur l’entrée telle qu’elle est à l’écran, en {{language}}, son titre et sa description comparés aux autres entrées du site.',
    languages: { en: 'anglais', fr: 'français', other: '{{code}}, mesuré comme de l’anglais' },
    sharing: 'Partage et indexation',
    image: 'Image de partage',
    imageHelp:
      'Affichée quand la page est partagée. Aucune choisie : l’image mise en avant, puis celle du site.',
    canonical: 'Adresse canonique',
    canonicalHelp: 'Où se trouve l’original de ce contenu, quand ce n’est pas cette page. Vide : cette page.',
    noindex: 'Masquer aux moteurs de recherche',
    nofollow: 'Demander aux moteurs de ne pas suivre ses liens',
    noFields: 'Ce type n’a pas de champs SEO.',
  },
  rating: { good: 'Bon', improve: 'À améliorer', problem: 'Problème' },
  status: { good: 'Bon', improve: 'À améliorer', problem: 'Problème' },
  column: {
    title: 'SEO',
    filter: 'Note SEO',
    unavailable: 'Scores indisponibles',
  },
  bulk: {
    title: 'Édition SEO en masse',
    intro:
      'Le titre SEO et la méta-description de nombreuses entrées, modifiés sur place et enregistrés ligne par ligne. Les scores sont ceux du dernier enregistrement de chaque entrée.',
    type: 'Type de contenu',
    types: { page: 'Pages', post: 'Articles' },
    rating: 'Note',
    anyRating: 'Toutes les notes',
    loading: 'Chargement des entrées…',
    failed: 'Les entrées n’ont pas pu être chargées : {{message}}',
    retry: 'Réessayer',
    empty: 'Il n’y a pas encore d’entrée de ce type.',
    noTypes: 'Il n’y a aucun type de contenu dont vous pouvez voir les entrées.',
    emptyRated: 'Aucune entrée de ce type n’a cette note.',
    capped: 'Les {{count}} entrées les plus récemment créées ayant cette note sont affichées.',
    entry: 'Entrée',
    score: 'Score',
    actions: 'Enregistrer',
    notScored: 'Pas encore évaluée',
    scoreBadge: '{{score}} · {{rating}}',
    titleOf: 'Titre SEO de « {{title}} »',
    descriptionOf: 'Méta-description de « {{title}} »',
    save: 'Enregistrer',
    saveNamed: 'Enregistrer le titre SEO et la description de « {{title}} »',
    saved: 'Enregistré.',
    conflict:
      'Quelqu’un a modifié cette entrée après le chargement de la liste : elle est rechargée. Votre texte est conservé : vérifiez-le et enregistrez de nouveau.',
    invalid: 'Non enregistré : vérifiez les champs signalés.',
    notSaved: 'Non enregistré : {{message}}',
    pages: 'Pages',
    previous: 'Page précédente',
    next: 'Page suivante',
    page: 'Page {{page}}',
    untitled: 'Sans titre',
  },
});

/**
 * French puts a no-break space before a colon and inside guillemets (a narrow one before ; ! ? and
 * %), so that a line never starts with one: written here with plain spaces, set on the way out.
 */
function spacedForFrench<T>(words: T): T {
  if (typeof words === 'string')
    return words
      .replace(/ :/g, '\u00a0:')
      .replace(/ ([;!?%])/g, '\u202f$1')
      .replace(/« /g, '«\u00a0')
      .replace(/ »/g, '\u00a0»') as T;
  if (words === null || typeof words !== 'object') return words;
  return Object.fromEntries(Object.entries(words).map(([key, value]) => [key, spacedForFrench(value)])) as T;
}
