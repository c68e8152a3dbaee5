import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';

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
 */
export async function encodeVariants(
  path: string,
  probed: ProbedImage,
  options: ImageOptions,
): Promise<Record<VariantName, EncodedVariant>> {
  const source = sharp(path, {
    animated: probed.animated,
    limitInputPixels: options.maxPixels * (probed.animated ? 1000 : 1),
  }).rotate();
  const webp = (image: Sharp) =>
    image
      .webp({ quality: options.quality, effort: 2, smartSubsample: false })
      .toBuffer({ resolveWithObject: true });
  const fit = async (box: number): Promise<EncodedVariant> => {
    const { data, info } = await webp(
      source.clone().resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true }),
    );
    return { bytes: data, width: info.width, height: pageHeight(info) };
  };
  const [thumbnail, medium, large, full] = await Promise.all([
    encodeThumbnail(source, probed, options.focal, webp),
    fit(BOXES.medium),
    fit(BOXES.large),
    options.maxDimension > 0
      ? fit(options.maxDimension)
      : webp(source.clone()).then(({ data, info }) => ({
          bytes: data,
          width: info.width,
          height: pageHeight(info),
        })),
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
  webp: (image: Sharp) => Promise<{ data: Buffer; info: OutputInfo }>,
): Promise<EncodedVariant> {
  const side = Math.min(THUMBNAIL, probed.width, probed.height);
  if (probed.animated) {
    // Cropping each frame around a point is not something libvips does for animations: centre crop.
    const { data, info } = await webp(
      source.clone().resize({ width: side, height: side, fit: 'cover', withoutEnlargement: true }),
    );
    return { bytes: data, width: info.width, height: pageHeight(info) };
  }
  const scale = side / Math.min(probed.width, probed.height);
  const width = Math.max(side, Math.round(probed.width * scale));
  const height = Math.max(side, Math.round(probed.height * scale));
  const left = clamp(Math.round(focal.x * width - side / 2), 0, width - side);
  const top = clamp(Math.round(focal.y * height - side / 2), 0, height - side);
  const { data, info } = await webp(
    source.clone().resize({ width, height, fit: 'fill' }).extract({ left, top, width: side, height: side }),
  );
  return { bytes: data, width: info.width, height: info.height };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
