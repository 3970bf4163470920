import { once } from 'node:events';
import { createDeflate } from 'node:zlib';

/** Hostile PDFs built in code (small to store, costly to open), for the text extraction tests. */

/** A PDF of these objects (1 is the catalog; each a string or [dictionary, stream bytes]). */
const pdfOf = (objects: (string | [string, Buffer])[]) => {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    if (typeof o === 'string') push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n${o[0]}\nstream\n`, 'latin1'));
      push(o[1]);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
};

/** `mb` MB of zeros, deflated as they stream through (never all in memory here). */
const deflatedZeros = async (mb: number) => {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) if (!deflate.write(chunk)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
};

/** A one-page PDF of about 400 KB whose page content stream inflates to `mb` (400) MB. */
export const inflationBombPdf = async (mb = 400) => {
  const zeros = await deflatedZeros(mb);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    [`<< /Length ${zeros.length} /Filter /FlateDecode >>`, zeros],
  ]);
};

/** A few hundred bytes: one blank page of `size` × `size` points (8,000 pt is about 111 inches). */
export const hugeBlankPagePdf = (size = 8000) =>
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size} ${size}] >>`,
  ]);
