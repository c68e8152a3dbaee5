/**
 * The image worker's process (image-worker.ts starts it): probes and encodes the images the server
 * sends, several at once, writes each one's variants where the job says and answers with their
 * sizes, or why there are none. The server ends it when it has been idle or the server stops; a
 * server that dies closes the channel, which ends it.
 */
import { rm, writeFile } from 'node:fs/promises';
import type { ImageJob, ImageJobAnswer, ToImageWorker } from './image-worker-protocol.js';
import { encodeVariants, ImageRefused, probeImage, VARIANT_NAMES } from './images.js';
import { WorkCancelled } from './work-pool.js';

const running = new Map<number, AbortController>();

async function work({ id, path, options, outputs }: ImageJob): Promise<ImageJobAnswer> {
  const cancel = new AbortController();
  running.set(id, cancel);
  let encoded: Awaited<ReturnType<typeof encodeVariants>>;
  try {
    const probed = await probeImage(path, options.maxPixels);
    encoded = await encodeVariants(path, probed, options, cancel.signal);
  } catch (error) {
    if (error instanceof WorkCancelled) return { id, failure: 'cancelled' };
    if (error instanceof ImageRefused) return { id, failure: 'refused', message: error.message };
    // libvips fails on the input itself here (a truncated or corrupt file): the uploader's to fix.
    const reason = (error as Error).message.split('\n')[0];
    return { id, failure: 'refused', message: `The image could not be decoded: ${reason}` };
  } finally {
    running.delete(id);
  }
  try {
    await Promise.all(VARIANT_NAMES.map((name) => writeFile(outputs[name], encoded[name].bytes)));
  } catch (error) {
    await Promise.all(VARIANT_NAMES.map((name) => rm(outputs[name], { force: true })));
    return { id, failure: 'error', message: (error as Error).message };
  }
  const sizes = (name: (typeof VARIANT_NAMES)[number]) => ({
    width: encoded[name].width,
    height: encoded[name].height,
  });
  return {
    id,
    variants: {
      thumbnail: sizes('thumbnail'),
      medium: sizes('medium'),
      large: sizes('large'),
      full: sizes('full'),
    },
  };
}

process.on('message', (message: ToImageWorker) => {
  if (message.type === 'cancel') running.get(message.id)?.abort();
  else void work(message).then((answer) => process.send?.(answer));
});
process.on('disconnect', () => process.exit(0));
