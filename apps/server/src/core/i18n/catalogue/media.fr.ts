import type { en } from './media.js';

/** The server's messages about the media library, folders, uploads and stock photos, in French. */
export const fr: typeof en = {
  library: {
    notFound: 'Média {{id}} introuvable.',
    noFile: 'Ce fichier n’existe pas.',
    focalPoint: 'Seules les images ont un point focal.',
    inUse:
      'Ce média est utilisé à {{count}} endroit{{s}}. Retirez-le de là, ou supprimez-le quand même (force=true).',
    onlyImages: 'Seules les images peuvent être optimisées.',
    onlyRaster: 'Seules les images matricielles peuvent être optimisées.',
    othersMedia: 'Modifier les médias des autres demande la permission {{permission}}_others.',
    othersFolders: 'Modifier les dossiers des autres demande la permission {{permission}}_others.',
    othersMediaInFolder:
      'Ce dossier contient des médias d’autres utilisateurs : les déplacer demande la permission media.edit_others.',
    unknownType:
      'Le type de ce fichier ne se déduit pas de son contenu ; ce n’est pas un type que ce site accepte.',
    typeRefused: 'Le fichier est de type {{mime}} (d’après son contenu), que ce site n’accepte pas.',
    nameMismatch: 'Le nom du fichier ne correspond pas à son contenu, qui est de type {{mime}}.',
    tooLarge: 'Le fichier dépasse les {{size}} que ce site accepte pour lui.',
    tooLargeFor: 'Le fichier dépasse les {{size}} que ce site accepte pour {{group}}.',
    missing: 'Le fichier enregistré de ce média est manquant.',
    unreadable: 'Le fichier n’a pas pu être lu comme une image.',
    undecodable: 'L’image n’a pas pu être décodée : {{reason}}',
    workerStopped:
      'Le traitement de l’image s’est arrêté avant la fin (son processus a été arrêté ou a manqué de mémoire) ; réessayez, ou envoyez une image plus petite.',
    noSize: 'L’image n’a pas de dimensions.',
    pixels: 'L’image fait {{width}} × {{height}} pixels ; ce site accepte au plus {{limit}} mégapixels.',
    frames:
      'L’animation a {{frames}} images ; les animations de plus de {{limit}} images ne sont pas acceptées.',
    animationPixels:
      'L’animation a {{frames}} images de {{width}} × {{height}} pixels, {{total}} mégapixels en tout ; ce site accepte au plus {{limit}} mégapixels sur l’ensemble des images.',
    emptySvg: 'Il ne reste rien de ce SVG une fois ses scripts et ses liens retirés.',
    notOnSite: 'Le média {{id}} n’existe pas sur ce site.',
    wrongKind: 'Le média {{id}} est {{kind}} ; cet emplacement n’accepte que les fichiers {{accepts}}.',
  },
  upload: {
    multipart: 'Envoyez le fichier en multipart/form-data, dans une partie nommée file.',
    malformed: 'Le corps multipart est mal formé ou incomplet.',
    oneFile: 'Envoyez un seul fichier, dans la partie nommée file.',
    folderId: 'Doit être un identifiant de dossier.',
    unknownField: 'Champ inconnu : envoyez file, folder_id, alt_text, title ou caption.',
    fileRequired: 'Un fichier est obligatoire.',
    aborted: 'La requête a été fermée avant que son fichier soit traité.',
    cancelled: 'Le travail a été annulé avant de commencer.',
  },
  folders: {
    notFound: 'Dossier {{id}} introuvable.',
    missing: 'Le dossier {{id}} n’existe pas.',
    depth: 'Les dossiers s’imbriquent sur {{limit}} niveaux au plus.',
    intoItself: 'Un dossier ne peut pas être déplacé dans lui-même ni dans l’un de ses sous-dossiers.',
    notEmpty:
      'Ce dossier contient {{media}} média(s) et {{folders}} dossier(s). Videz-le d’abord, ou supprimez-le en remontant son contenu d’un niveau.',
    exists: 'Un dossier nommé « {{name}} » existe déjà ici.',
    nameTaken: 'Un dossier de ce nom existe déjà ici.',
    name: 'Un dossier a besoin d’un nom.',
    missingParent: 'Un dossier indique un parent absent du fichier.',
  },
  stock: {
    notConfigured: 'Saisissez d’abord la clé d’API {{provider}} dans les réglages des médias ({{setting}}).',
    keyRefusedHere: '{{provider}} a refusé la clé d’API des réglages des médias.',
    keyRefused: '{{provider}} a refusé la clé d’API.',
    photoNotFound: 'Photo {{provider}} introuvable.',
    addressRefused: 'L’adresse de la photo est refusée : {{reason}}',
    notDownloaded: 'La photo de {{provider}} n’a pas pu être téléchargée : {{reason}}',
    unreachable: '{{provider}} est injoignable : {{reason}}',
    answered: '{{provider}} a répondu {{status}}.',
    notJson: '{{provider}} a répondu autre chose que du JSON.',
    photoShape: '{{provider}} a décrit une photo sous une forme inconnue.',
    searchShape: '{{provider}} a répondu à la recherche sous une forme inconnue.',
    pexelsIds: 'Les identifiants de photo Pexels sont des nombres.',
  },
};
