import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import { decodeDataUrl, sniffImageType } from '../../platform/blobs/blob-store';
import { BadInputError } from '../../platform/domain/errors';

export const DESIGN_IMAGE_TOO_LARGE = 'File too large: Please upload an image smaller than 10MB.';
export const DESIGN_IMAGE_WRONG_TYPE = 'Invalid file type: Please upload a .jpg, .jpeg or .png image.';
export const DESIGN_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Decodes the design image and checks it before anything is stored: at most 10485760 bytes, and a JPEG or
 * PNG by its own first bytes, whatever type the data URL declares. Both failures are 400s with the spec's words.
 */
export function checkDesignImage(dataUrl: string): { bytes: Buffer; mime: (typeof DESIGN_IMAGE_TYPES)[number] } {
  const { bytes } = decodeDataUrl(dataUrl, 'design_image');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new BadInputError(DESIGN_IMAGE_TOO_LARGE, 'design_image');
  const mime = sniffImageType(bytes);
  if (mime !== 'image/jpeg' && mime !== 'image/png') throw new BadInputError(DESIGN_IMAGE_WRONG_TYPE, 'design_image');
  return { bytes, mime };
}
