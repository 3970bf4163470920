import sharp from 'sharp';
import { ProblemError } from '../../http/problem';

/** The longest side the vision model gets: enough to tell foods apart, a fraction of a phone photo. */
export const MEAL_PHOTO_MAX_SIDE = 1024;

export const invalidImage = () =>
  new ProblemError(400, 'invalid_file', 'Please select an image file', [
    { path: 'photo', message: 'Please select an image file' },
  ]);

/**
 * The one path uploaded meal-photo bytes take: decoded by sharp (anything that is not an image is
 * refused), turned upright, shrunk to at most 1024 px and re-encoded as JPEG, which also drops the
 * metadata (location, camera). What is analysed (and, once the documents vault lands, stored with the
 * entry) is this re-encoded image, never the upload itself.
 */
export const prepareMealPhoto = async (upload: Uint8Array): Promise<Buffer> => {
  try {
    return await sharp(upload, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({
        width: MEAL_PHOTO_MAX_SIDE,
        height: MEAL_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
};
