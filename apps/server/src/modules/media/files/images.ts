import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
import { WorkCancelled } from './work-pool.js';

type SharpInput = string | Buffer;
type SharpFactory = (input: SharpInput, options?: SharpOptions) => Sharp;

let loaded: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips, some 18 MiB resident) is loaded on the first image, not at start: a server that
 * only answers the API never pays for it. Its cache of decoded images is switched off then, since
 * uploads are one-off work and a media server's memory is the budget.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return loaded;
}

/** The variants of spec 2.5, each fitting inside its box; never enlarged. */
export const VARIANT_NAMES = ['thumbnail', 'medium', 'large', 'full'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

const THUMBNAIL = 150;
const BOXES = { medium: 768, large: 1600 } as const;

export interface EncodedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageOptions {
  quality: number;
  maxPixels: number;
  /** Where the thumbnail's square is centred, as fractions of width and height. */
  focal: { x: number; y: number };
  /** The full variant's longest side; 0 keeps the original size. */
  maxDimension: number;
  /** WebP encoder effort, 0 (fastest) to 6 (smallest files). */
  effort: number;
}

export interface ProbedImage {
  width: number;
  height: number;
  animated: boolean;
}

/**
 * The most frames an animation may have. Every frame is decoded, resized and encoded four times
 * whatever its size, so a GIF of a thousand one-pixel frames costs as much as a large photo, and
 * one of tens of thousands (23 bytes a frame) would hold an image slot for minutes. 1,000 frames is
 * 40 seconds at 25 frames a second, longer than web animations run; such a GIF takes about 1.5 s.
 */
export const MAX_ANIMATION_FRAMES = 1000;

/** Why an image is refused; the message is for the uploader. */
export class ImageRefused extends Error {}

/**
 * Reads the image's header only: its displayed size (after EXIF orientation) and whether it moves.
 * A picture of more pixels than allowed is refused here, before anything decodes it, which is what
 * stops a decompression bomb (a small PNG that would inflate to gigabytes).
 *
 * An animation is decoded frame after frame, each at the size of its canvas: `maxPixels` bounds
 * the pixels of all its frames together, not of one. A 12 KB GIF of 20 frames on a 5000 × 5000
 * canvas is 500 megapixels to decode (nearly a minute and 650 MB more memory); a GIF's canvas size
 * and frame count are in its header and frame descriptors, read without decoding a pixel.
 */
export async function probeImage(path: string, maxPixels: number): Promise<ProbedImage> {
  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('The file could not be read as an image.');
  }
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = meta.pages ?? 1;
  const megapixels = Math.round(maxPixels / 1e6);
  if (width === 0 || frameHeight === 0) throw new ImageRefused('The image has no size.');
  if (width * frameHeight > maxPixels)
    throw new ImageRefused(
      `The image is ${width} × ${frameHeight} pixels; this site accepts up to ${megapixels} megapixels.`,
    );
  if (frames > MAX_ANIMATION_FRAMES)
    throw new ImageRefused(
      `The animation has ${frames} frames; images of more than ${MAX_ANIMATION_FRAMES} frames are not accepted.`,
    );
  if (width * frameHeight * frames > maxPixels)
    throw new ImageRefused(
      `The animation is ${frames} frames of ${width} × ${frameHeight} pixels, ${Math.ceil((width * frameHeight * frames) / 1e6)} megapixels in all; this site accepts up to ${megapixels} megapixels over all frames.`,
    );
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    animated: frames > 1,
  };
}

/**
 * The four WebP variants of an image. The EXIF orientation is applied to the pixels first; the
 * output carries no metadata at all (sharp keeps none unless asked), so EXIF, XMP, IPTC and GPS
 * are gone. Animated images stay animated.
 *
 * For memory, a still image is worked in two steps: the full variant alone (the one that needs the
 * whole decoded picture and the encoder's buffers for it), then the large one decoded once to raw
 * pixels from which medium and the thumbnail are cut. A 12-megapixel photo peaks at about half of
 * what four pipelines over the original at once did.
 *
 * libvips cannot stop an encode it has begun; once `signal` is aborted (nobody waits for the
 * result), the steps after the one running are not begun and WorkCancelled is thrown.
 */
export async function encodeVariants(
  path: string,
  probed: ProbedImage,
  options: ImageOptions,
  signal?: AbortSignal,
): Promise<Record<VariantName, EncodedVariant>> {
  const sharp = await loadSharp();
  const goOn = () => {
    if (signal?.aborted) throw new WorkCancelled();
  };
  const open = () =>
    sharp(path, {
      animated: probed.animated,
      // All frames together, as probeImage counted them: a second guard should the header have lied.
      limitInputPixels: options.maxPixels,
    }).rotate();
  const webp = async (image: Sharp): Promise<EncodedVariant> => {
    const { data, info } = await image
      .webp({ quality: options.quality, effort: options.effort })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: pageHeight(info) };
  };
  const inside = (box: number) => ({
    width: box,
    height: box,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  const full = await webp(options.maxDimension > 0 ? open().resize(inside(options.maxDimension)) : open());
  goOn();

  if (probed.animated) {
    const source = open();
    const [thumbnail, medium, large] = await Promise.all([
      encodeThumbnail(source, probed, options.focal, webp),
      webp(source.clone().resize(inside(BOXES.medium))),
      webp(source.clone().resize(inside(BOXES.large))),
    ]);
    return { thumbnail, medium, large, full };
  }
  const { data, info } = await open().resize(inside(BOXES.large)).raw().toBuffer({ resolveWithObject: true });
  goOn();
  const fromLarge = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [thumbnail, medium, large] = await Promise.all([
    encodeThumbnail(
      fromLarge(),
      { width: info.width, height: info.height, animated: false },
      options.focal,
      webp,
    ),
    webp(fromLarge().resize(inside(BOXES.medium))),
    webp(fromLarge()),
  ]);
  return { thumbnail, medium, large, full };
}

function pageHeight(info: OutputInfo): number {
  return (info as OutputInfo & { pageHeight?: number }).pageHeight ?? info.height;
}

/** A square of 150 px (or the short side, when smaller) centred on the focal point, kept inside the image. */
async function encodeThumbnail(
  source: Sharp,
  probed: ProbedImage,
  focal: { x: number; y: number },
  webp: (image: Sharp) => Promise<EncodedVariant>,
): Promise<EncodedVariant> {
  const side = Math.min(THUMBNAIL, probed.width, probed.height);
  if (probed.animated)
    // Cropping each frame around a point is not something libvips does for animations: centre crop.
    return webp(source.clone().resize({ width: side, height: side, fit: 'cover', withoutEnlargement: true }));
  const scale = side / Math.min(probed.width, probed.height);
  const width = Math.max(side, Math.round(probed.width * scale));
  const height = Math.max(side, Math.round(probed.height * scale));
  const left = clamp(Math.round(focal.x * width - side / 2), 0, width - side);
  const top = clamp(Math.round(focal.y * height - side / 2), 0, height - side);
  return webp(
    source.clone().resize({ width, height, fit: 'fill' }).extract({ left, top, width: side, height: side }),
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
