// The printable plan (pdfkit, server side): the shared letterhead (lib/pdf: logo when uploaded, name,
// licence number and contact), the patient's name, then each day with its meals; exchange plans add the
// exchange lists with example foods and household measures.
import type { ExchangeGroupsResponse, Plan, PlanItemView } from '@almendra/contracts';
import { lineAmount } from '@almendra/domain';
import { drawLetterhead, startPdf } from '../../lib/pdf.js';

export const DAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

export interface PdfHeader {
  nutritionistName: string;
  licenceNumber: string | null;
  contact: string;
  patientName: string | null;
  /** PNG or JPEG bytes (the stored logo is a PNG of at most 600×300). */
  logo?: Buffer | null;
}

const MARGIN = 48;

/** '1 porción' / '1,5 porciones' (es-AR numbers). */
const portions = (n: number) => `${fmt(n, 1)} ${n === 1 ? 'porción' : 'porciones'}`;

const fmt = (n: number, decimals = 0) => n.toLocaleString('es-AR', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });

/**
 * 'Banana: 1 unidad chica (100 g)', 'Papa: 200 g', 'Guiso de lentejas: 1 porción (350 g)'; a drink in
 * millilitres: 'Mate: 1 termo (500 ml)', 'Leche entera: ¾ taza (194 ml)'.
 */
export function planLineText(item: PlanItemView): string {
  const name = item.shortName?.trim() || item.name;
  const { value, unit } = lineAmount(item.grams, item.measures);
  const amount = `${fmt(value)} ${unit}`;
  return `${name}: ${item.household && item.household !== amount ? `${item.household} (${amount})` : amount}`;
}

/** The height a day takes when drawn as renderPlanPdf draws it (title, meals, bullets, total, gap). */
function dayHeight(doc: PDFKit.PDFDocument, title: string, lines: [string, string[]][], bodyWidth: number, withTotal: boolean): number {
  let height = doc.font('Helvetica-Bold').fontSize(12).heightOfString(title, { width: bodyWidth });
  for (const [meal, texts] of lines) {
    height += doc.font('Helvetica-Bold').fontSize(10).heightOfString(meal, { width: bodyWidth - 10 });
    doc.font('Helvetica').fontSize(10);
    for (const t of texts) height += doc.heightOfString(t, { width: bodyWidth - 29 });
  }
  if (withTotal) height += doc.font('Helvetica-Oblique').fontSize(9).heightOfString('Total del día', { width: bodyWidth - 10 });
  return height + doc.currentLineHeight(true) * 0.6;
}

export function renderPlanPdf(plan: Plan, header: PdfHeader, groups: ExchangeGroupsResponse | null): Promise<Buffer> {
  const { doc, done } = startPdf({ title: plan.title, author: header.nutritionistName, margin: MARGIN });
  drawLetterhead(doc, { name: header.nutritionistName, licenceNumber: header.licenceNumber, contact: header.contact, logo: header.logo });
  doc.font('Helvetica-Bold').fontSize(14).text(plan.title);
  doc.font('Helvetica').fontSize(11);
  if (header.patientName) doc.text(`Paciente: ${header.patientName}`);
  if (plan.notes) doc.moveDown(0.5).text(plan.notes);
  if (plan.computed?.targetEnergyKcal) doc.text(`Energía objetivo: ${fmt(plan.computed.targetEnergyKcal)} kcal`);
  doc.moveDown();

  const bodyWidth = doc.page.width - 2 * MARGIN;
  const bullet = (text: string, offset: number) => {
    // Bullet and text are placed at the same y: start a page first so they never end up apart.
    if (doc.y > doc.page.height - MARGIN - 36) doc.addPage();
    const y = doc.y;
    doc.text('•', MARGIN + offset, y, { lineBreak: false });
    doc.text(text, MARGIN + offset + 9, y, { width: bodyWidth - offset - 9 });
  };

  const slotName = new Map(plan.slots.map((s) => [s.slot, s.name]));
  const groupByPos = new Map((groups?.groups ?? []).map((g) => [g.position, g]));
  for (let day = 1; day <= 7; day += 1) {
    const lines: [string, string[]][] = [];
    if (plan.type === 1) {
      for (const meal of plan.content.simple?.find((d) => d.day === day)?.meals ?? []) if (meal.text.trim()) lines.push([slotName.get(meal.slot) ?? '', [meal.text]]);
    } else if (plan.type === 2) {
      for (const meal of plan.content.formula?.find((d) => d.day === day)?.meals ?? []) {
        const items = plan.items[`${day}-${meal.slot}`] ?? [];
        // The patient reads the food's everyday name ("Papa", not "Papa, con cáscara, cruda") and the amount
        // as measured at home next to the grams ("1¼ tazas, en cubos (200 g)"); grams alone when no measure fits.
        if (items.length) lines.push([slotName.get(meal.slot) ?? '', items.map(planLineText)]);
      }
    } else {
      const d = plan.content.exchange?.find((x) => x.day === day);
      for (const meal of d?.meals ?? []) {
        const parts = meal.portions
          .map((p, i) => ({ p, g: groupByPos.get(i + 1), discarded: d?.discarded[i] === 1 }))
          .filter((x) => x.p > 0 && x.g && !x.discarded)
          .map((x) => `${portions(x.p)} de ${x.g!.name} — p. ej. ${x.g!.members.slice(0, 2).map((m) => `${m.name}, ${m.measure}`).join('; ')}`);
        if (parts.length) lines.push([slotName.get(meal.slot) ?? '', parts]);
      }
    }
    if (!lines.length) continue;
    const total = plan.computed?.days.find((x) => x.day === day)?.nutrients.energyKcal;
    // A day is read as one piece (the patient pins it on the fridge): it starts on a new page when it does
    // not fit in what is left of this one. A day longer than a whole page still breaks, between lines.
    const bottom = doc.page.height - MARGIN;
    const height = dayHeight(doc, DAY_NAMES[day - 1]!, lines, bodyWidth, total !== undefined);
    if (doc.y + height > bottom && height <= bottom - MARGIN) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(DAY_NAMES[day - 1]!);
    for (const [meal, texts] of lines) {
      doc.font('Helvetica-Bold').fontSize(10).text(meal, MARGIN + 10, doc.y, { width: bodyWidth - 10 });
      doc.font('Helvetica').fontSize(10);
      // Wrapped lines stay under the text, not under the bullet: an x offset, not pdfkit's first-line indent.
      for (const t of texts) bullet(t, 20);
    }
    if (total !== undefined) doc.font('Helvetica-Oblique').fontSize(9).text(`Total del día: ${fmt(total)} kcal`, MARGIN + 10, doc.y, { width: bodyWidth - 10 });
    doc.x = MARGIN;
    doc.moveDown(0.6);
  }

  if (plan.type === 3 && groups) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).text('Listas de intercambio');
    doc.moveDown(0.5);
    for (const g of groups.groups) {
      if (doc.y > 720) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(11).text(`${g.name} (${fmt(g.portion.energyKcal)} kcal por porción)`);
      doc.font('Helvetica').fontSize(10);
      for (const m of g.members) bullet(`${m.name}: ${m.measure}`, 10);
      doc.x = MARGIN;
      doc.moveDown(0.4);
    }
  }
  doc.end();
  return done;
}
