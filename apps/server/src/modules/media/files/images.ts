import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';

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

/** Why an image is refused; the message is for the uploader. */
export class ImageRefused extends Error {}

/**
 * Reads the image's header only: its displayed size (after EXIF orientation) and whether it moves.
 * A picture of more pixels than allowed is refused here, before anything decodes it, which is what
 * stops a decompression bomb (a small PNG that would inflate to gigabytes).
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
  if (width === 0 || frameHeight === 0) throw new ImageRefused('The image has no size.');
  if (width * frameHeight > maxPixels)
    throw new ImageRefused(
      `The image is ${width} × ${frameHeight} pixels; this site accepts up to ${Math.round(maxPixels / 1e6)} megapixels.`,
    );
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    animated: (meta.pages ?? 1) > 1,
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
 */
export async function encodeVariants(
  path: string,
  probed: ProbedImage,
  options: ImageOptions,
): Promise<Record<VariantName, EncodedVariant>> {
  const sharp = await loadSharp();
  const open = () =>
    sharp(path, {
      animated: probed.animated,
      limitInputPixels: options.maxPixels * (probed.animated ? 1000 : 1),
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
