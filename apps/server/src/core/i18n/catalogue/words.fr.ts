import type { en } from './words.js';

/** The words the server puts into its messages as values, in French. */
export const fr: typeof en = {
  change: { suspended: 'suspendu', deleted: 'supprimé', demoted: 'rétrogradé', removed: 'retiré du site' },
  kind: {
    'an image': 'une image',
    'a video': 'une vidéo',
    'an audio file': 'un fichier audio',
    'a document': 'un document',
    'an archive': 'une archive',
  },
  accepts: { image: 'image', video: 'vidéo', audio: 'audio', document: 'document', archive: 'archive' },
  group: {
    images: 'les images',
    videos: 'les vidéos',
    'audio files': 'les fichiers audio',
    documents: 'les documents',
    archives: 'les archives',
    'files of this kind': 'les fichiers de ce type',
  },
  area: { header: 'en-tête', footer: 'pied de page' },
  status: {
    draft: 'brouillon',
    in_review: 'en relecture',
    approved: 'approuvé',
    published: 'publié',
    scheduled: 'programmé',
  },
  transition: {
    submit: 'Soumettre à relecture',
    approve: 'Approuver',
    request_changes: 'Demander des modifications',
    publish: 'Publier',
    schedule: 'Programmer',
    unschedule: 'Annuler la programmation',
    unpublish: 'Dépublier',
  },
  open: {
    submit: 'soumettre à relecture',
    approve: 'approuver',
    request_changes: 'demander des modifications',
    publish: 'publier',
    schedule: 'programmer',
    unschedule: 'annuler la programmation',
    unpublish: 'dépublier',
    none: 'aucune',
  },
  or: ' ou ',
};
