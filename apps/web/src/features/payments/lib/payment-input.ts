// What the "Registrar cobro" form reads: an amount typed the Argentine way ('15.000,50', '15000.5') to
// integer cents, and a dd-mm-aaaa date to 'YYYY-MM-DD'.
import { PATIENT_PAYMENT_MAX_CENTS } from '@almendra/contracts/constants';
import { parsePriceToCents } from '../../appointments/lib/money';

export type AmountCheck = { cents: number; error: null } | { cents: null; error: 'amountInvalid' | 'amountTooHigh' };

export function readAmount(text: string): AmountCheck {
  const cents = parsePriceToCents(text);
  if (cents === null || cents <= 0) return { cents: null, error: 'amountInvalid' };
  if (cents > PATIENT_PAYMENT_MAX_CENTS) return { cents: null, error: 'amountTooHigh' };
  return { cents, error: null };
}

/** 'dd-mm-aaaa' (or with / or .) → 'YYYY-MM-DD', or null when it is not a real date. */
export function readDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
