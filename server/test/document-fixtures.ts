import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Files built in code for the documents tests: valid ones of every allowed type, and hostile ones. */

/** A PDF of these objects (1 is the catalog), with a correct cross-reference table. */
const pdfOf = (objects: string[]) => {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

/** A one-page PDF whose text is `text`. */
export const pdfWith = (text: string, extra = '') => {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${extra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
};

/** A scanner's PDF: one page that is only a JPEG picture of `text` (no text layer). */
export const scannedPdf = async (text: string) => {
  const jpg = await sharp(await scannedPage(text))
    .jpeg()
    .toBuffer();
  const { width, height } = await sharp(jpg).metadata();
  const content = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpg.length} >>\nstream\n${jpg.toString('latin1')}\nendstream`,
  ]);
};

export const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

/** A photo carrying where it was taken (EXIF GPS) and who took it. */
export const jpegWithGps = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .withExif({
      IFD0: { Artist: 'Jane Patient', Copyright: 'home-address-camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 3230/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 4366/100',
      },
    })
    .jpeg()
    .toBuffer();

export const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#fa0' } })
    .png()
    .toBuffer();

/** Renders `text` as a scanned page (black text on white), for OCR. */
export const scannedPage = (text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="white"/>` +
        `<text x="40" y="120" font-family="DejaVu Sans, sans-serif" font-size="56" fill="black">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
};

/** A tiny PNG that declares 50,000 × 50,000 pixels: decoding it would need 7.5 GB. */
export const pixelFloodPng = () => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A PNG with a text chunk holding a script (re-encoding must drop it). */
export const pngWithScriptChunk = async () => {
  const base = await png();
  const iend = base.length - 12;
  return Buffer.concat([
    base.subarray(0, iend),
    chunk('tEXt', Buffer.from('Comment\0<script>alert(document.cookie)</script>', 'latin1')),
    base.subarray(iend),
  ]);
};

/** An OLE compound file, as a .doc is. */
export const doc = () => {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  b.writeUInt16LE(0x003e, 24);
  b.writeUInt16LE(0x0003, 26);
  b.writeUInt16LE(0xfffe, 28);
  b.writeUInt16LE(0x0009, 30);
  return b;
};

/** A zip (stored, no compression) of the given entries. */
export const zip = (entries: [string, string][]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
};

export const docx = () =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    ],
  ]);

export const html = () =>
  Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/documents")</script></body></html>');

export const gifJsPolyglot = () =>
  Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain);//;', 'latin1');

export const svgWithScript = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** The start of a Windows executable. */
export const exe = () => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
};

export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
