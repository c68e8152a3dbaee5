import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '../../../core/byte-size.js';
import { PayloadTooLarge } from '../../../core/errors.js';
import { type FileKind, SNIFF_BYTES, sniffHead } from './file-kind.js';

/** An upload written to a temporary file, with what was learnt on the way. */
export interface ReceivedFile {
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  hash: string;
  /** The kind its first bytes tell (office documents only become themselves on a full read). */
  headKind: FileKind | null;
  discard(): Promise<void>;
}

/** The largest size, in bytes, for a file of this kind; `kind` is null when the head tells nothing. */
export type SizeLimit = (kind: FileKind | null) => number;

/**
 * Streams an upload to a temporary file under `dir`, hashing and counting as it goes. The first
 * bytes decide the kind, and with it the size limit; past the limit the transfer stops at once
 * with 413 and the partial file is deleted, so an oversize upload is never kept whole anywhere.
 */
export async function receiveFile(
  source: NodeJS.ReadableStream,
  dir: string,
  limitOf: SizeLimit,
): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  const discard = () => rm(path, { force: true });
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let kind: FileKind | null = null;
  let limit = Number.POSITIVE_INFINITY;
  let decided = false;

  const decide = async () => {
    decided = true;
    kind = await sniffHead(Buffer.concat(head));
    limit = limitOf(kind);
    head = [];
  };
  const tooLarge = () =>
    new PayloadTooLarge(
      `The file is larger than the ${formatBytes(limit)} this site accepts for ${kind ? describeGroup(kind) : 'files of this kind'}.`,
      'file_too_large',
    );

  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      hash.update(chunk);
      const step = async () => {
        if (!decided) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) await decide();
        }
        if (decided && size > limit) throw tooLarge();
      };
      step().then(
        () => done(null, chunk),
        (error: Error) => done(error),
      );
    },
    flush(done: TransformCallback) {
      const finish = async () => {
        if (!decided) await decide();
        if (size > limit) throw tooLarge();
      };
      finish().then(
        () => done(),
        (error: Error) => done(error),
      );
    },
  });

  const sink = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline(source, meter, sink);
  } catch (error) {
    // A source that fails at once (a broken multipart body) can beat the file's opening: the file
    // is created after a removal made then. Once the stream has closed, nothing creates it again.
    if (!sink.closed) await once(sink, 'close').catch(() => undefined);
    await discard();
    throw error;
  }
  return { path, size, hash: hash.digest('hex'), headKind: kind, discard };
}

function describeGroup(kind: FileKind): string {
  return {
    image: 'images',
    video: 'videos',
    audio: 'audio files',
    document: 'documents',
    archive: 'archives',
  }[kind.group];
}
