// What every PDF the server prints shares (plans, consultation reports, patient summaries): the pdfkit
// document collected into a Buffer, and the nutritionist's letterhead — logo when uploaded, name, licence
// number and contact — so every paper a patient receives carries the same brand.
import PDFDocument from 'pdfkit';

export const PDF_BRAND_COLOUR = '#0b7a66';
const LOGO_BOX: [number, number] = [140, 64];

export interface LetterheadData {
  /** 'First Last'; printed as 'Lic. First Last'. */
  name: string;
  licenceNumber: string | null;
  /** 'email · phone'; omitted when empty. */
  contact?: string;
  /** PNG or JPEG bytes (the stored logo is a PNG of at most 600×300). */
  logo?: Buffer | null;
}

/** A new A4 document and the promise of its bytes (resolved after `doc.end()`). */
export function startPdf(options: { title: string; author: string; margin: number; compress?: boolean }): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: options.author, Creator: 'Almendra' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Logo on the left (when there is one), the professional's data beside it, and a rule under both; leaves
 * the cursor at the left margin below the rule. Without a licence number on file the line is left out:
 * a patient's document never says "sin cargar".
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, data: LetterheadData): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = doc.y;
  let textX = left;
  let bottom = top;
  if (data.logo) {
    try {
      doc.image(data.logo, left, top, { fit: LOGO_BOX });
      textX = left + LOGO_BOX[0] + 16;
      bottom = top + LOGO_BOX[1];
    } catch {
      // An unreadable logo must not cost the patient their document: print without it.
    }
  }
  const width = right - textX;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(PDF_BRAND_COLOUR).text(`Lic. ${data.name}`.trim(), textX, top, { width });
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  if (data.licenceNumber) doc.text(`Matrícula: ${data.licenceNumber}`, textX, doc.y, { width });
  if (data.contact) doc.text(data.contact, textX, doc.y, { width });
  const lineY = Math.max(doc.y, bottom) + 6;
  doc.moveTo(left, lineY).lineTo(right, lineY).strokeColor(PDF_BRAND_COLOUR).lineWidth(1.5).stroke();
  doc.x = left;
  doc.y = lineY + 12;
  doc.fillColor('#000000');
}

interface StandardFontInternals {
  font: { glyphWidths: Record<string, number> };
  dictionary: { data: Record<string, unknown>; end: () => void };
  embed: () => void;
  minusReady?: boolean;
}

/**
 * Selects the standard Symbol font set up to print the true minus sign: its own built-in encoding (code 45
 * is its 'minus' glyph; pdfkit would otherwise declare WinAnsi, where 45 is a 'hyphen' Symbol does not have)
 * and that glyph's width for code 45, so pdfkit measures and advances past it.
 */
function useSymbolForMinus(doc: PDFKit.PDFDocument): void {
  doc.font('Symbol');
  const symbol = (doc as unknown as { _font: StandardFontInternals })._font;
  if (symbol.minusReady) return;
  symbol.minusReady = true;
  symbol.font.glyphWidths.hyphen = symbol.font.glyphWidths.minus ?? 549;
  symbol.embed = () => {
    symbol.dictionary.data = { Type: 'Font', BaseFont: 'Symbol', Subtype: 'Type1' };
    symbol.dictionary.end();
  };
}

/**
 * `doc.text` that prints the true minus sign (U+2212, as the screens write a negative z-score). The standard
 * Helvetica pdfkit uses is WinAnsi-encoded, which has no minus: each '−' is set in the standard Symbol font's
 * minus glyph (text extraction reads it back as U+2212) on the current font's baseline, the rest in the
 * current font; wrapping as `doc.text`. Same arguments as `doc.text(text, x, y, options)`.
 */
export function textWithMinus(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  if (!text.includes('\u2212')) {
    doc.text(text, x, y, options);
    return;
  }
  const current = doc as unknown as { _font: { name: string; ascender: number }; _fontSize: number };
  const font = current._font.name;
  // Every run on the current font's baseline (Symbol's own ascender would set the minus higher).
  const baseline = -(current._font.ascender / 1000) * current._fontSize;
  const runs: Array<{ symbol: boolean; text: string }> = [];
  text.split('\u2212').forEach((part, index) => {
    if (index > 0) runs.push({ symbol: true, text: '-' });
    if (part) runs.push({ symbol: false, text: part });
  });
  runs.forEach((run, index) => {
    if (run.symbol) useSymbolForMinus(doc);
    else doc.font(font);
    const runOptions = { ...options, baseline, continued: index < runs.length - 1 };
    if (index === 0) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  doc.font(font);
}
