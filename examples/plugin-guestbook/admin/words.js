// @ts-check
/** The guestbook's words in the admin, in its own namespace (`admin.useTranslation()` reads them). */
export const en = {
  moderation: {
    title: 'Guestbook',
    intro: 'What visitors wrote, newest first. A deleted entry cannot be brought back.',
    empty: 'Nobody has signed the guestbook yet.',
    name: 'Name',
    message: 'Message',
    signed: 'Signed',
    actions: 'Actions',
    delete: 'Delete',
    deleteNamed: 'Delete the entry by {{name}}',
    deleted: 'The entry by {{name}} is deleted.',
  },
  panel: {
    title: 'Guestbook',
    shownAs: 'Shown beside the guestbook as “{{title}}”.',
    untitled: 'Untitled',
    mood: 'Mood',
    moodHelp: 'The mood the guestbook shows beside this post.',
    noMood: 'Guestbook moods are off for this type.',
  },
  widget: {
    title: 'Guestbook',
    entries_one: '{{count}} entry',
    entries_other: '{{count}} entries',
    many: 'More than {{count}} entries',
    open: 'Moderate',
  },
  mood: { sunny: 'Sunny', quiet: 'Quiet', stormy: 'Stormy' },
};

/** @type {typeof en} */
export const fr = {
  moderation: {
    title: 'Livre d’or',
    intro:
      'Ce que les visiteurs ont écrit, du plus récent au plus ancien. Une signature supprimée ne revient pas.',
    empty: 'Personne n’a encore signé le livre d’or.',
    name: 'Nom',
    message: 'Message',
    signed: 'Signé le',
    actions: 'Actions',
    delete: 'Supprimer',
    deleteNamed: 'Supprimer la signature de {{name}}',
    deleted: 'La signature de {{name}} est supprimée.',
  },
  panel: {
    title: 'Livre d’or',
    shownAs: 'Affiché à côté du livre d’or sous le titre « {{title}} ».',
    untitled: 'Sans titre',
    mood: 'Humeur',
    moodHelp: 'L’humeur que le livre d’or affiche à côté de cet article.',
    noMood: 'Les humeurs du livre d’or sont désactivées pour ce type.',
  },
  widget: {
    title: 'Livre d’or',
    entries_one: '{{count}} signature',
    entries_other: '{{count}} signatures',
    many: 'Plus de {{count}} signatures',
    open: 'Modérer',
  },
  mood: { sunny: 'Ensoleillée', quiet: 'Calme', stormy: 'Orageuse' },
};
