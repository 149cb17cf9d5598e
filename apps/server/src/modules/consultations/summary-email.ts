// The short Spanish summary a patient may receive after a consultation: date, weight, BMI with its
// category, body fat and a "next steps" line. The private clinical note is never included.
import { BMI_CATEGORY_LABELS_ES } from '@almendra/domain';
import type { Consultation } from '@almendra/contracts';
import type { EmailMessage } from '../../lib/mailer.js';

/** Said when the nutritionist wrote no next-steps text of her own. */
export const DEFAULT_NEXT_STEPS = 'Sigue las indicaciones de tu plan y, ante cualquier duda, escríbele a tu nutricionista.';

const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** 'YYYY-MM-DD' → 'dd-mm-yyyy', as the interface shows dates. */
export const displayDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

export function summaryEmail(input: {
  to: string;
  patientFirstName: string;
  nutritionistName: string;
  consultation: Pick<Consultation, 'date' | 'time' | 'measurements' | 'derived' | 'summaryNote'>;
}): EmailMessage {
  const { consultation: c } = input;
  const date = displayDate(c.date);
  const lines: string[] = [];
  if (c.measurements.weightKg !== null) lines.push(`- Peso: ${decimal.format(c.measurements.weightKg)} kg`);
  if (c.derived.bmi !== null) {
    const category = c.derived.bmiCategory ? ` (${BMI_CATEGORY_LABELS_ES[c.derived.bmiCategory]})` : '';
    lines.push(`- Índice de masa corporal (IMC): ${decimal.format(c.derived.bmi)}${category}`);
  }
  if (c.derived.bodyFatPercent !== null) lines.push(`- Grasa corporal: ${decimal.format(c.derived.bodyFatPercent)} %`);
  if (lines.length === 0) lines.push('- En esta consulta no se registraron peso ni pliegues.');

  const text = [
    `Hola, ${input.patientFirstName}:`,
    '',
    `Este es el resumen de tu consulta del ${date} a las ${c.time} con ${input.nutritionistName}.`,
    '',
    ...lines,
    '',
    `Próximos pasos: ${c.summaryNote ?? DEFAULT_NEXT_STEPS}`,
    '',
    'Este mensaje se envió desde Almendra por pedido de tu nutricionista.',
  ].join('\n');
  return { to: input.to, subject: `Resumen de tu consulta del ${date}`, text };
}
