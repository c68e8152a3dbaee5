/**
 * The server's messages about the media library, its folders, uploads and stock photos, in its own
 * words (modules/media); media.fr.ts says them in French.
 */
export const en = {
  library: {
    notFound: 'Media {{id}} not found.',
    noFile: 'No such file.',
    focalPoint: 'Only images have a focal point.',
    inUse: 'This media is used in {{count}} place{{s}}. Remove it there, or delete with force=true.',
    onlyImages: 'Only images can be optimized.',
    onlyRaster: 'Only raster images can be optimized.',
    othersMedia: "Changing other users' media requires the {{permission}}_others permission.",
    othersFolders: "Changing other users' folders requires the {{permission}}_others permission.",
    othersMediaInFolder:
      "This folder holds other users' media: moving them requires the media.edit_others permission.",
    unknownType: 'The type of this file cannot be told from its contents; it is not one this site accepts.',
    typeRefused: 'The file is {{mime}} (told from its contents), which this site does not accept.',
    nameMismatch: "The file's name does not match its contents, which are {{mime}}.",
    tooLarge: 'The file is larger than the {{size}} this site accepts for it.',
    tooLargeFor: 'The file is larger than the {{size}} this site accepts for {{group}}.',
    missing: 'The stored file of this media is missing.',
    unreadable: 'The file could not be read as an image.',
    undecodable: 'The image could not be decoded: {{reason}}',
    workerStopped:
      'The image work stopped before it was done (its process was stopped or ran out of memory); try again, or send a smaller image.',
    noSize: 'The image has no size.',
    pixels: 'The image is {{width}} × {{height}} pixels; this site accepts up to {{limit}} megapixels.',
    frames: 'The animation has {{frames}} frames; images of more than {{limit}} frames are not accepted.',
    animationPixels:
      'The animation is {{frames}} frames of {{width}} × {{height}} pixels, {{total}} megapixels in all; this site accepts up to {{limit}} megapixels over all frames.',
    emptySvg: 'Nothing of this SVG is left once scripts and links are removed.',
    notOnSite: 'Media {{id}} does not exist on this site.',
    wrongKind: 'Media {{id}} is {{kind}}; this takes {{accepts}} files.',
  },
  upload: {
    multipart: 'Send the file as multipart/form-data, in a part named file.',
    malformed: 'The multipart body is malformed or cut short.',
    oneFile: 'Send one file, in the part named file.',
    folderId: 'Must be a folder id.',
    unknownField: 'Unknown field: send file, folder_id, alt_text, title or caption.',
    fileRequired: 'A file is required.',
    aborted: 'The request was closed before its file was processed.',
    cancelled: 'The work was cancelled before it started.',
  },
  folders: {
    notFound: 'Folder {{id}} not found.',
    missing: 'Folder {{id}} does not exist.',
    depth: 'Folders nest {{limit}} levels deep at most.',
    intoItself: 'A folder cannot move into itself or one of its subfolders.',
    notEmpty:
      'This folder holds {{media}} media item(s) and {{folders}} folder(s). Empty it first, or delete with move_to_parent=true to move them up.',
    exists: 'A folder named "{{name}}" is already there.',
    nameTaken: 'A folder of this name is already there.',
    name: 'A folder needs a name.',
    missingParent: 'A folder names a parent that is not in the file.',
  },
  stock: {
    notConfigured: 'Set the {{provider}} API key in the media settings ({{setting}}) first.',
    keyRefusedHere: '{{provider}} refused the API key in the media settings.',
    keyRefused: '{{provider}} refused the API key.',
    photoNotFound: '{{provider}} photo not found.',
    addressRefused: "The photo's address is refused: {{reason}}",
    notDownloaded: "{{provider}}'s photo could not be downloaded: {{reason}}",
    unreachable: '{{provider}} could not be reached: {{reason}}',
    answered: '{{provider}} answered {{status}}.',
    notJson: '{{provider}} answered something other than JSON.',
    photoShape: '{{provider}} answered a photo in an unknown shape.',
    searchShape: '{{provider}} answered a search in an unknown shape.',
    pexelsIds: 'Pexels photo ids are numbers.',
  },
};
