import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { LimitedRunError } from '../../untrusted/run-limited';

/**
 * Runs inside `runLimited`'s child process only (see text-extraction.ts): pdf.js and tesseract read
 * untrusted bytes here, never on the server's own thread.
 */

/** Text kept per document for search (PostgreSQL's tsvector stays well under its 1 MB limit). */
export const MAX_TEXT = 100_000;
/** Pages of a PDF without a text layer (a scan) that are drawn and read with OCR. */
export const MAX_OCR_PAGES = 5;
/**
 * The most pixels a picture is read at: a page drawn for OCR, or an image. A page drawn at OCR scale
 * beyond it (larger than about 55 × 55 inches) is refused rather than drawn; pdf.js also skips
 * embedded pictures beyond it.
 */
export const MAX_OCR_PIXELS = 25_000_000;
/** Pages are drawn at twice their size in points (144 dpi) for OCR. */
const OCR_SCALE = 2;
/** Below this many characters a PDF is taken to be scanned pictures. */
const SCANNED_BELOW = 20;

// English OCR data from the npm package, so nothing is fetched at run time.
const ENG_DATA = dirname(
  createRequire(import.meta.url).resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
);

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type RenderParameters = Parameters<Awaited<ReturnType<PdfDocument['getPage']>>['render']>[0];
interface NodeCanvas {
  canvas: { toBuffer(type: 'image/png'): Buffer };
  context: unknown;
}

const tooLarge = () => new LimitedRunError('too_large', 'A page or picture is too large to read.');

const ocr = async (images: Buffer[]) => {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: ENG_DATA,
    cacheMethod: 'none',
    gzip: true,
  });
  try {
    const texts: string[] = [];
    for (const image of images) texts.push((await worker.recognize(image)).data.text);
    return texts.join('\n');
  } finally {
    await worker.terminate();
  }
};

/** Draws the first pages to PNG (pdf.js with its Node canvas, @napi-rs/canvas) for OCR. */
const renderPages = async (pdf: PdfDocument) => {
  const factory = (pdf as unknown as { canvasFactory: { create(w: number, h: number): NodeCanvas } })
    .canvasFactory;
  const images: Buffer[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, MAX_OCR_PAGES); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: OCR_SCALE });
    if (viewport.width * viewport.height > MAX_OCR_PIXELS) throw tooLarge();
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    // The server has no DOM types; pdf.js's Node canvas stands in for the browser's.
    await page.render({ canvasContext: context, canvas, viewport } as unknown as RenderParameters).promise;
    images.push(canvas.toBuffer('image/png'));
  }
  return images;
};

const pdfText = async (bytes: Uint8Array) => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval and no scripting: the PDF is only parsed for its text (and drawn, when it is a scan).
  const pdf = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    maxImageSize: MAX_OCR_PIXELS,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length < MAX_TEXT; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      pages.push(text);
      length += text.trim().length;
    }
    if (length >= SCANNED_BELOW) return pages.join('\n');
    return ocr(await renderPages(pdf));
  } finally {
    await pdf.destroy();
  }
};

/** An image is only decoded for OCR when its header's size is within the pixel cap. */
const imageText = async (bytes: Uint8Array) => {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (!width || !height || width * height > MAX_OCR_PIXELS) throw tooLarge();
  return ocr([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
};

export interface TextParserInput {
  fileType: string;
  bytes: Uint8Array;
}

/**
 * The words in a stored file: a PDF's text layer, or OCR of a scanned PDF's first pages and of
 * images; Word files are searched by their details only.
 */
export const parse = async ({ fileType, bytes }: TextParserInput): Promise<string | null> => {
  let text: string;
  // pdf.js refuses a Buffer: it is given a plain view of the same bytes.
  if (fileType === 'application/pdf')
    text = await pdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  else if (fileType.startsWith('image/')) text = await imageText(bytes);
  else return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_TEXT) : null;
};
