import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/**
 * A backup's archive: a folder packed as a gzipped tar, file by file, so neither side ever holds more
 * than a stream's buffer of it (the media folder may be gigabytes).
 */
export async function packFolder(folder: string, archive: string): Promise<void> {
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(archive));
  try {
    for (const path of await filesUnder(folder)) {
      const { size } = await stat(path);
      const name = relative(folder, path).split(sep).join('/');
      const entry = tar.entry({ name, size, mode: 0o600, mtime: new Date(0) });
      await pipeline(createReadStream(path), entry);
    }
    tar.finalize();
  } catch (error) {
    tar.destroy(error as Error);
  }
  await written;
}

/**
 * Unpacks an archive into `folder`. Only plain files with relative names that stay inside the
 * folder are taken: a crafted archive cannot write elsewhere nor make links. Throws
 * `ArchiveRefused` naming what was wrong.
 */
export async function unpackArchive(archive: string, folder: string): Promise<void> {
  const tar = extract();
  tar.on('entry', (header, stream, next) => {
    // `tar -C folder .` names entries ./db/..., and lists the folders too.
    const name = header.name.replace(/^(\.\/)+/, '').replace(/\/$/, '');
    if (header.type === 'directory' || name === '' || name === '.') {
      stream.resume();
      next();
      return;
    }
    const safe =
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(name) && !name.split('/').some((part) => part === '..');
    if (header.type !== 'file' || !safe) {
      stream.resume();
      tar.destroy(new ArchiveRefused(`The archive holds an entry it may not: ${name.slice(0, 200)}.`));
      return;
    }
    const path = join(folder, ...name.split('/'));
    mkdir(dirname(path), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(path)))
      .then(
        () => next(),
        (error: Error) => tar.destroy(error),
      );
  });
  try {
    await pipeline(createReadStream(archive), createGunzip(), tar);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused('The file is not a backup archive (a gzipped tar), or it is cut short.');
  }
}

export class ArchiveRefused extends Error {}

async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}
