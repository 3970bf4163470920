import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.38, 0.41, 0.47);
export const RULE = rgb(0.82, 0.84, 0.87);
/** Okabe–Ito blue and vermilion: told apart with colour-blindness, and each line is also labelled. */
export const BLUE = rgb(0, 0.45, 0.7);
export const VERMILION = rgb(0.84, 0.37, 0);

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * The standard Helvetica of a PDF writes WinAnsi only: other characters lose their accents, or become
 * "?", rather than making the whole packet fail over one name or question.
 */
const printable = (font: PDFFont, text: string) =>
  [...text.replace(/\s+/g, ' ')]
    .map((ch) => {
      for (const c of [ch, ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')]) {
        try {
          font.encodeText(c);
          return c;
        } catch {
          // try the next form
        }
      }
      // WinAnsi has ¹ ² ³ but no other superscript digit: "× 10⁹/L" prints as "× 10^9/L", never "× 10?/L".
      const power = SUPERSCRIPT_DIGITS.indexOf(ch);
      return power >= 0 ? `^${power}` : '?';
    })
    .join('');

export interface TextOpts {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  x?: number;
}

/** A top-to-bottom writer over US Letter pages: text, wrapped paragraphs, rows, page breaks. */
export class PdfWriter {
  page: PDFPage;
  y: number;
  readonly left = MARGIN;
  readonly width = PAGE[0] - 2 * MARGIN;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Room for `height` points below the cursor, or a new page. */
  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  clean(text: string, bold = false) {
    return printable(bold ? this.bold : this.font, text);
  }

  widthOf(text: string, size: number, bold = false) {
    return (bold ? this.bold : this.font).widthOfTextAtSize(this.clean(text, bold), size);
  }

  /** Draws at the cursor's line without moving it. */
  put(text: string, o: TextOpts = {}) {
    const size = o.size ?? 10;
    this.page.drawText(this.clean(text, o.bold), {
      x: o.x ?? this.left,
      y: this.y - size,
      size,
      font: o.bold ? this.bold : this.font,
      color: o.color ?? INK,
    });
  }

  line(text: string, o: TextOpts = {}) {
    const size = o.size ?? 10;
    this.ensure(size * 1.5);
    this.put(text, o);
    this.y -= size * 1.5;
  }

  /** A paragraph wrapped to the page width (minus an indent). */
  paragraph(text: string, o: TextOpts = {}) {
    const size = o.size ?? 10;
    const x = o.x ?? this.left;
    const max = this.width - (x - this.left);
    let current = '';
    for (const word of this.clean(text, o.bold).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && this.widthOf(next, size, o.bold) > max) {
        this.line(current, { ...o, x });
        current = word;
      } else current = next;
    }
    if (current) this.line(current, { ...o, x });
  }

  /** A section title with a rule under it, kept on one page with the next `keepWith` points. */
  heading(text: string, keepWith = 60) {
    this.ensure(keepWith + 40);
    this.y -= 10;
    this.line(text, { size: 14, bold: true });
    this.page.drawLine({
      start: { x: this.left, y: this.y + 2 },
      end: { x: this.left + this.width, y: this.y + 2 },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 8;
  }

  /** One table row: cells at the given x offsets (from the left margin). */
  row(cells: string[], offsets: number[], o: TextOpts = {}) {
    const size = o.size ?? 10;
    this.ensure(size * 1.6);
    cells.forEach((cell, i) => {
      this.put(cell, { ...o, x: this.left + (offsets[i] ?? 0) });
    });
    this.y -= size * 1.6;
  }
}
