import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneJpeg } from '../../../../test/fixtures/media-files.js';
import { ImageWorker, WORKER_STOPPED } from './image-worker.js';
import { encodeVariants, type ImageOptions, ImageRefused, probeImage, VARIANT_NAMES } from './images.js';
import { WorkCancelled } from './work-pool.js';

const OPTIONS: ImageOptions = {
  quality: 80,
  maxPixels: 60_000_000,
  focal: { x: 0.3, y: 0.6 },
  maxDimension: 0,
  effort: 2,
};

let dir: string;
let small: string;
/** Large enough that its encoding is still under way when a test acts on it. */
let large: string;
const workers: ImageWorker[] = [];

function worker(idleMs?: number, log?: { warn: (details: object, message: string) => void }): ImageWorker {
  const made = new ImageWorker({ ...(idleMs === undefined ? {} : { idleMs }), ...(log ? { log } : {}) });
  workers.push(made);
  return made;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const started = async (images: ImageWorker): Promise<number> =>
  vi.waitFor(
    () => {
      const pid = images.pid;
      if (pid === undefined || images.working === 0) throw new Error('no image sent to a worker process yet');
      return pid;
    },
    { interval: 2 },
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-image-worker-'));
  small = join(dir, 'small.jpg');
  large = join(dir, 'large.jpg');
  await writeFile(small, await phoneJpeg(400, 300));
  await writeFile(large, await phoneJpeg(3000, 2000));
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((each) => each.stop()));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ImageWorker', () => {
  it('gives the variants encodeVariants gives in the server process, byte for byte', async () => {
    const images = worker();
    const fromWorker = await images.encode(small, OPTIONS);
    const here = await encodeVariants(small, await probeImage(small, OPTIONS.maxPixels), OPTIONS);
    for (const name of VARIANT_NAMES) {
      expect(fromWorker[name].width, name).toBe(here[name].width);
      expect(fromWorker[name].height, name).toBe(here[name].height);
      expect(Buffer.isBuffer(fromWorker[name].bytes), name).toBe(true);
      expect(fromWorker[name].bytes.equals(here[name].bytes), name).toBe(true);
    }
    expect(fromWorker.full).toMatchObject({ width: 300, height: 400 });
    // The files the variants came through are gone.
    expect((await readdir(dir)).sort()).toEqual(['large.jpg', 'small.jpg']);
  });

  it('refuses images with the messages probeImage and libvips give', async () => {
    const images = worker();
    const limit = { ...OPTIONS, maxPixels: 100_000 };
    const inProcess = await probeImage(small, limit.maxPixels).catch((error: Error) => error);
    await expect(images.encode(small, limit)).rejects.toEqual(inProcess);
    await expect(images.encode(small, limit)).rejects.toBeInstanceOf(ImageRefused);

    const notAnImage = join(dir, 'not-an-image.jpg');
    await writeFile(notAnImage, 'plain words');
    await expect(images.encode(notAnImage, OPTIONS)).rejects.toThrow(
      'The file could not be read as an image.',
    );

    const cut = join(dir, 'cut.jpg');
    const whole = await phoneJpeg(400, 300);
    await writeFile(cut, whole.subarray(0, whole.length / 2));
    const refused = await images.encode(cut, OPTIONS).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(ImageRefused);
    expect((refused as Error).message).toMatch(/^The image could not be decoded: \S/);
  });

  it('starts no process for work whose signal is already aborted', async () => {
    const images = worker();
    await expect(images.encode(small, OPTIONS, AbortSignal.abort())).rejects.toBeInstanceOf(WorkCancelled);
    expect(images.pid).toBeUndefined();
  });

  it('stops after the step under way once the signal is aborted, and goes on serving', async () => {
    const images = worker();
    const cancel = new AbortController();
    const pending = images.encode(large, OPTIONS, cancel.signal);
    await started(images);
    cancel.abort();
    await expect(pending).rejects.toBeInstanceOf(WorkCancelled);
    expect(images.working).toBe(0);
    expect((await images.encode(small, OPTIONS)).full.width).toBe(300);
  });

  it('exits once idle for its idle time, and a later image starts a new process', async () => {
    const images = worker(20);
    const pending = images.encode(small, OPTIONS);
    const first = await started(images);
    await pending;
    await vi.waitFor(() => expect(running(first)).toBe(false), { interval: 5 });
    expect(images.pid).toBeUndefined();
    expect((await images.encode(small, OPTIONS)).full.width).toBe(300);
  });

  it('stays while images keep coming', async () => {
    const images = worker(60_000);
    await images.encode(small, OPTIONS);
    const pid = images.pid;
    await Promise.all([images.encode(small, OPTIONS), images.encode(small, OPTIONS)]);
    expect(images.pid).toBe(pid);
  });

  it('fails the image of a killed process with ImageRefused, logs it, and starts a new one for the next', async () => {
    const warn = vi.fn();
    const images = worker(undefined, { warn });
    const pending = images.encode(large, OPTIONS);
    const pid = await started(images);
    process.kill(pid, 'SIGKILL');
    const failure = await pending.catch((error: Error) => error);
    expect(failure).toBeInstanceOf(ImageRefused);
    expect((failure as Error).message).toBe(WORKER_STOPPED);
    expect(warn).toHaveBeenCalledWith(
      { code: null, signal: 'SIGKILL', images: 1 },
      'the image worker process stopped',
    );
    expect(images.pid).toBeUndefined();
    expect((await images.encode(small, OPTIONS)).full.width).toBe(300);
  });

  it('ends its process when stopped, failing the image it held', async () => {
    const warn = vi.fn();
    const images = worker(undefined, { warn });
    const pending = images.encode(large, OPTIONS);
    const pid = await started(images);
    await images.stop();
    expect(running(pid)).toBe(false);
    await expect(pending).rejects.toThrow(WORKER_STOPPED);
    expect(images.pid).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});
