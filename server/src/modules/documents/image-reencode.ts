import sharp from 'sharp';
import { refused } from './file-inspection';

/** Images larger than this are refused before decoding (a "pixel flood" would exhaust memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * A decoder and encoder in one stream: the image is decoded and written again, so what is stored is
 * pixels only, without EXIF (GPS position, camera serial), comments or anything appended to the file.
 * The EXIF orientation is applied first, so a phone photo stays upright.
 */
export const reencodeImage = (mime: 'image/jpeg' | 'image/png') => {
  const pipeline = sharp({
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: 'error',
    sequentialRead: true,
  }).rotate();
  return mime === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png();
};

/** sharp's errors as the user's problem: a damaged image or one too large to open. */
export const imageProblem = (err: unknown) => {
  const message = err instanceof Error ? err.message : '';
  if (/pixel limit/i.test(message)) return refused('The image has too many pixels to be processed.');
  return refused('The image is damaged or not a valid image file.');
};
