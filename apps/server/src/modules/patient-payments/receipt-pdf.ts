// The receipt ("recibo") of one payment: the practice's letterhead (lib/pdf, as the plan and the
// consultation report), the receipt number, date, patient, amount in figures, method and note, and the
// line that it is not a fiscal invoice. A voided payment's receipt keeps its number and says ANULADO.
import type { PatientPayment } from '@almendra/contracts';
import { drawLetterhead, PDF_BRAND_COLOUR, startPdf, type LetterheadData } from '../../lib/pdf.js';

export const METHOD_LABELS: Record<PatientPayment['method'], string> = {
  cash: 'Efectivo',
  transfer: 'Transferencia',
  mercadopago: 'Mercado Pago',
  card: 'Tarjeta de débito/crédito',
  insurance: 'Obra social/prepaga',
};

/** 'Recibo N.º 0000-00000042': a fixed-width number reads like the receipts a patient already knows. */
export const receiptNumber = (n: number) => `0001-${String(n).padStart(8, '0')}`;

/** '$ 15.000,50' for ARS, 'USD 120,00' otherwise (es-AR grouping and decimals). */
export function formatMoney(cents: number, currency: string): string {
  const value = (cents / 100).toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'ARS' ? `$ ${value}` : `${currency} ${value}`;
}

/** '2026-03-10' → '10-03-2026' (the interface's date format). */
export const displayDate = (iso: string) => iso.split('-').reverse().join('-');

/** `appointment`: the visit it pays ('28-11-2026 09:00 · Consulta'), when linked to one. */
export function renderReceiptPdf(payment: PatientPayment, letterhead: LetterheadData, appointment: string | null = null): Promise<Buffer> {
  const title = `Recibo ${receiptNumber(payment.number)}`;
  const { doc, done } = startPdf({ title, author: letterhead.name, margin: 48 });
  drawLetterhead(doc, letterhead);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text('RECIBO', left, doc.y, { width, continued: false });
  doc.font('Helvetica').fontSize(11).text(`N.º ${receiptNumber(payment.number)}`);
  doc.text(`Fecha: ${displayDate(payment.date)}`);
  if (payment.voided) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(22).fillColor('#c92a2a').text('ANULADO', { width });
    doc.font('Helvetica').fontSize(10).text(`Este recibo fue anulado${payment.voidedAt ? ` el ${displayDate(payment.voidedAt.slice(0, 10))}` : ''} y no acredita ningún pago.`);
    doc.fillColor('#000000');
  }
  doc.moveDown();

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).text(label, left, y, { width: 140 });
    doc.font('Helvetica').fontSize(11).text(value, left + 150, y, { width: width - 150 });
    doc.moveDown(0.4);
  };
  row('Recibí de:', payment.patientName);
  row('La suma de:', formatMoney(payment.amountCents, payment.currency));
  row('Medio de pago:', METHOD_LABELS[payment.method]);
  if (appointment) row('Turno:', appointment);
  if (payment.note) row('Concepto:', payment.note);

  doc.moveDown(2);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor(PDF_BRAND_COLOUR).lineWidth(0.5).stroke();
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333333').text('Documento no válido como factura.', left, doc.y, { width });
  doc.font('Helvetica').fontSize(9).text('Comprobante interno del consultorio que acredita el pago recibido.', { width });
  doc.end();
  return done;
}
