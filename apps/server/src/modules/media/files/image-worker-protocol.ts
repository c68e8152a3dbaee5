import { type ImageOptions, VARIANT_NAMES, type VariantName } from './images.js';

/**
 * What the server and its image worker process say to each other, as JSON. The encoded variants do
 * not travel in the messages: the worker writes them to files beside the image, which the server
 * reads and deletes. Node's `advanced` serialization would carry the Buffers, but under it the
 * worker's resident memory grew by about 5 MiB every thousand messages and never came back
 * (Node 20: 43 to 147 MiB over 20,000 answers of four small buffers; flat at 50 MiB as JSON), and
 * reading a 2 MB file back takes less than the same bytes through the channel.
 */

/** An image to probe and encode, its variants to be written to `outputs`. */
export interface ImageJob {
  type: 'work';
  id: number;
  path: string;
  options: ImageOptions;
  outputs: Record<VariantName, string>;
}

/** What the server sends: an image, or that nobody waits for one any more. */
export type ToImageWorker = ImageJob | { type: 'cancel'; id: number };

/**
 * The worker's answer: the variants' sizes (their bytes are in the job's outputs), or why there
 * are none: `refused` for the image's fault, `error` for the server's (a file it could not write).
 */
export type ImageJobAnswer =
  | { id: number; variants: Record<VariantName, { width: number; height: number }> }
  | { id: number; failure: 'cancelled' }
  | { id: number; failure: 'refused' | 'error'; message: string };

/** Where the variants of the image at `path` are written: beside it, in the uploads' folder. */
export function variantFiles(path: string): Record<VariantName, string> {
  const files = VARIANT_NAMES.map((name) => [name, `${path}.${name}.webp`]);
  return Object.fromEntries(files) as Record<VariantName, string>;
}
