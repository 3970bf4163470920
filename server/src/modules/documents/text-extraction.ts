import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';

/** Text kept per document for search (PostgreSQL's tsvector stays well under its 1 MB limit). */
export const MAX_TEXT = 100_000;

// English OCR data from the npm package, so nothing is fetched at run time.
const ENG_DATA = dirname(
  createRequire(import.meta.url).resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
);

const pdfText = async (bytes: Uint8Array) => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval, no fonts loaded into anything: the PDF is only parsed for its text.
  const pdf = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length < MAX_TEXT; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
};

const imageText = async (bytes: Buffer) => {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: ENG_DATA,
    cacheMethod: 'none',
    gzip: true,
  });
  try {
    return (await worker.recognize(bytes)).data.text;
  } finally {
    await worker.terminate();
  }
};

/** The words in a stored file: PDF text, OCR for images; Word files are searched by their details only. */
export const extractText = async (fileType: string, bytes: Buffer): Promise<string | null> => {
  let text: string;
  if (fileType === 'application/pdf') text = await pdfText(new Uint8Array(bytes));
  else if (fileType.startsWith('image/')) text = await imageText(bytes);
  else return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_TEXT) : null;
};
