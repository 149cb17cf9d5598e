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
