// The WHO growth charts of the consultation PDF report (issue 26): for a child or adolescent, one page with
// each chart that applies to the age band of the consultation — the WHO reference curves at −3…+3 SD and the
// patient's visits up to this consultation — drawn as vector lines with pdfkit (no chart library). What is
// plotted (which charts, where a visit falls) comes from packages/domain, the same code the record's charts use.
import {
  formatZScore,
  growthChartPoint,
  growthChartSpecs,
  growthCurve,
  type GrowthChartPoint,
  type GrowthChartSpec,
  type GrowthReference,
  type GrowthVisit,
} from '@almendra/domain/growth';
import { textWithMinus } from '../../lib/pdf.js';

const SD_Z = [-3, -2, -1, 0, 1, 2, 3] as const;
// The WHO's own chart colours: green median, orange ±1, red ±2, black ±3.
const SD_COLOURS = ['#222222', '#c92a2a', '#e8590c', '#2b8a3e', '#e8590c', '#c92a2a', '#222222'] as const;
// '−3' … '+3' with the true minus sign, as the record's charts label them.
const SD_LABELS = SD_Z.map((z) => formatZScore(z, { decimals: 0 }));
const PATIENT_COLOUR = '#1864ab';
const GRID_COLOUR = '#dddddd';
const AXIS_TEXT = '#444444';

const TITLES: Record<GrowthChartSpec['kind'], string> = {
  weightForAge: 'Peso para la edad',
  heightForAge: 'Talla para la edad',
  bmiForAge: 'IMC para la edad',
  headCircumferenceForAge: 'Perímetro cefálico para la edad',
  weightForLength: 'Peso para la longitud',
  weightForHeight: 'Peso para la talla',
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Round steps (1, 2, 5 × 10^k) giving at most `maxTicks` ticks over [min, max]. */
function niceTicks(min: number, max: number, maxTicks: number): number[] {
  const span = max - min;
  const raw = span / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => span / s <= maxTicks - 1) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step - 1e-9) * step; v <= max + 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

const label = (value: number) => String(value).replace('.', ',');

/** One chart in `box`: title, grid, axes with ticks, the seven SD curves labelled at their end, the visits. */
function drawChart(doc: PDFKit.PDFDocument, box: Box, spec: GrowthChartSpec, sex: 'm' | 'f', band: GrowthReference, points: GrowthChartPoint[]): void {
  const curve = growthCurve(spec.kind, sex, band, SD_Z, 7);
  if (curve.length === 0) return;
  const byAge = spec.kind !== 'weightForLength' && spec.kind !== 'weightForHeight';
  const inYears = byAge && band === 'who2007';
  const plot = { left: box.x + 30, right: box.x + box.width - 16, top: box.y + 16, bottom: box.y + box.height - 26 };

  const xs = curve.map((c) => c.x);
  const xMin = Math.floor(Math.min(...xs));
  const xMax = Math.ceil(Math.max(...xs));
  const ys = [...curve.flatMap((c) => c.values), ...points.map((p) => p.y)];
  const yTicks = niceTicks(Math.min(...ys), Math.max(...ys), 7);
  const yMin = Math.min(yTicks[0]!, Math.min(...ys));
  const yMax = Math.max(yTicks[yTicks.length - 1]!, Math.max(...ys));
  const px = (x: number) => plot.left + ((x - xMin) / (xMax - xMin)) * (plot.right - plot.left);
  const py = (y: number) => plot.bottom - ((y - yMin) / (yMax - yMin)) * (plot.bottom - plot.top);

  doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#000000').text(`${TITLES[spec.kind]} (${spec.unit})`, box.x, box.y, { lineBreak: false });

  // Grid and tick labels.
  doc.font('Helvetica').fontSize(6.5).fillColor(AXIS_TEXT);
  doc.lineWidth(0.4).strokeColor(GRID_COLOUR);
  for (const y of yTicks) {
    doc.moveTo(plot.left, py(y)).lineTo(plot.right, py(y)).stroke();
    const text = label(y);
    doc.text(text, plot.left - 3 - doc.widthOfString(text), py(y) - 2.5, { lineBreak: false });
  }
  // Whole years from 5 to 19, every 6 months under 5 (as the WHO's charts), round centimetres otherwise.
  const xTicks = inYears
    ? Array.from({ length: Math.floor(xMax / 12) - Math.ceil(xMin / 12) + 1 }, (_, i) => (Math.ceil(xMin / 12) + i) * 12)
    : byAge
      ? Array.from({ length: 11 }, (_, i) => i * 6)
      : niceTicks(xMin, xMax, 8);
  for (const x of xTicks) {
    if (x < xMin || x > xMax) continue;
    doc.moveTo(px(x), plot.top).lineTo(px(x), plot.bottom).stroke();
    const text = label(inYears ? x / 12 : x);
    doc.text(text, px(x) - doc.widthOfString(text) / 2, plot.bottom + 3, { lineBreak: false });
  }
  const axisTitle = !byAge ? `${spec.kind === 'weightForLength' ? 'Longitud' : 'Talla'} (cm)` : inYears ? 'Edad (años)' : 'Edad (meses)';
  doc.text(axisTitle, (plot.left + plot.right) / 2 - doc.widthOfString(axisTitle) / 2, plot.bottom + 12, { lineBreak: false });
  doc.lineWidth(0.7).strokeColor('#888888').rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top).stroke();

  // The WHO curves, clipped to the plot, each labelled at its right end.
  doc.save();
  doc.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top).clip();
  SD_Z.forEach((z, i) => {
    doc.lineWidth(z === 0 ? 1.1 : 0.7).strokeColor(SD_COLOURS[i]!);
    curve.forEach((c, index) => (index === 0 ? doc.moveTo(px(c.x), py(c.values[i]!)) : doc.lineTo(px(c.x), py(c.values[i]!))));
    doc.stroke();
  });
  // The patient's visits: joined in order of x, the dots on top.
  const ordered = [...points].sort((a, b) => a.x - b.x);
  if (ordered.length > 1) {
    doc.lineWidth(1).strokeColor(PATIENT_COLOUR);
    ordered.forEach((p, index) => (index === 0 ? doc.moveTo(px(p.x), py(p.y)) : doc.lineTo(px(p.x), py(p.y))));
    doc.stroke();
  }
  for (const p of ordered) doc.circle(px(p.x), py(p.y), 2.2).fillColor(PATIENT_COLOUR).fill();
  doc.restore();
  const last = curve[curve.length - 1]!;
  doc.font('Helvetica').fontSize(6);
  SD_Z.forEach((_, i) => {
    doc.fillColor(SD_COLOURS[i]!);
    textWithMinus(doc, SD_LABELS[i]!, plot.right + 2, py(last.values[i]!) - 2.2, { lineBreak: false });
  });
  doc.fillColor('#000000');
}

export interface GrowthChartsInput {
  sex: 'm' | 'f';
  /** The band of the consultation the report is about. */
  band: GrowthReference;
  /** The patient's visits in that band up to this consultation, oldest first. */
  visits: GrowthVisit[];
}

/** A new page with the charts of the band, two per row; leaves the cursor under the last row. */
export function drawGrowthChartsPage(doc: PDFKit.PDFDocument, input: GrowthChartsInput): void {
  const { sex, band, visits } = input;
  const last = visits[visits.length - 1];
  if (!last) return;
  const specs = growthChartSpecs(band, last.growth.ageDays, visits.some((v) => v.growth.indicators.weightForAge));
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#0b7a66').text('Curvas de crecimiento (OMS)', left, doc.y);
  doc.font('Helvetica').fontSize(8).fillColor('#555555');
  const reference = band === 'who2006' ? 'Patrones de crecimiento infantil OMS 2006 (0 a 5 años)' : 'Referencia de crecimiento OMS 2007 (5 a 19 años)';
  textWithMinus(
    doc,
    `${reference}, ${sex === 'f' ? 'niñas' : 'varones'}. Líneas: puntaje z ${SD_LABELS[0]} a ${SD_LABELS[SD_LABELS.length - 1]} (0 = mediana). Puntos azules: mediciones del paciente hasta esta consulta (${visits.length}).`,
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.6);
  const gap = 14;
  const chartWidth = (width - gap) / 2;
  const chartHeight = 205;
  let top = doc.y;
  specs.forEach((spec, index) => {
    const column = index % 2;
    if (index > 0 && column === 0) top += chartHeight + 10;
    const points = visits.flatMap((visit) => growthChartPoint(spec, visit) ?? []);
    drawChart(doc, { x: left + column * (chartWidth + gap), y: top, width: chartWidth, height: chartHeight }, spec, sex, band, points);
  });
  doc.x = left;
  doc.y = top + chartHeight + 10;
  doc.fillColor('#000000');
}
