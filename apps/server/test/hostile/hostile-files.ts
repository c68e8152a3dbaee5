import { animationBomb, bombPng, multipart } from '../fixtures/media-files.js';

/** The routes that take a file, as multipart/form-data (the document gives them no JSON body). */
export const UPLOAD_PATHS: readonly string[] = ['/api/media/upload'];

/**
 * Files a few kilobytes on the wire and gigabytes once decoded. An upload must refuse each from its
 * header, before a pixel is decoded: a 4xx in a moment, never a 5xx or a minute of work.
 */
export const HOSTILE_FILES = [
  { name: 'inflates.png', type: 'image/png', data: bombPng(), why: '30000 × 30000 pixels in one frame' },
  {
    name: 'canvas.gif',
    type: 'image/gif',
    data: animationBomb(5000, 5000, 20),
    why: '20 frames of 5000 × 5000: 500 megapixels over its frames',
  },
  {
    name: 'long.gif',
    type: 'image/gif',
    data: animationBomb(7000, 7000, 300),
    why: '300 frames of 7000 × 7000: 14.7 gigapixels over its frames',
  },
  {
    name: 'frames.gif',
    type: 'image/gif',
    data: animationBomb(1, 1, 20_000),
    why: '20,000 frames of one pixel each',
  },
] as const;

/** Each hostile file as the multipart body of an upload, built once so runs replay the same bytes. */
export const HOSTILE_UPLOADS = HOSTILE_FILES.map((file) => {
  const { payload, headers } = multipart([
    { name: 'file', filename: file.name, type: file.type, data: file.data },
  ]);
  return { file, contentType: headers['content-type'] ?? '', payload };
});
