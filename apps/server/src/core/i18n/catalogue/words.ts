/**
 * The words the server puts into its messages as values, by the name of the placeholder that takes
 * them (`{{change}}` in "The last active Super Admin cannot be {{change}}."): said in the caller's
 * language too. A list (`{{open}}`: "submit, publish") is said word by word. words.fr.ts has French.
 */
export const en = {
  change: { suspended: 'suspended', deleted: 'deleted', demoted: 'demoted', removed: 'removed' },
  kind: {
    'an image': 'an image',
    'a video': 'a video',
    'an audio file': 'an audio file',
    'a document': 'a document',
    'an archive': 'an archive',
  },
  accepts: { image: 'image', video: 'video', audio: 'audio', document: 'document', archive: 'archive' },
  group: {
    images: 'images',
    videos: 'videos',
    'audio files': 'audio files',
    documents: 'documents',
    archives: 'archives',
    'files of this kind': 'files of this kind',
  },
  area: { header: 'header', footer: 'footer' },
  status: {
    draft: 'draft',
    in_review: 'in_review',
    approved: 'approved',
    published: 'published',
    scheduled: 'scheduled',
  },
  transition: {
    submit: 'submit',
    approve: 'approve',
    request_changes: 'request_changes',
    publish: 'publish',
    schedule: 'schedule',
    unschedule: 'unschedule',
    unpublish: 'unpublish',
  },
  open: {
    submit: 'submit',
    approve: 'approve',
    request_changes: 'request_changes',
    publish: 'publish',
    schedule: 'schedule',
    unschedule: 'unschedule',
    unpublish: 'unpublish',
    none: 'none',
  },
  /** How a list of words is joined when it says "this or that". */
  or: ' or ',
};
