// Payment rows → the contract's PatientPayment (never a database row on the wire).
import type { PatientPayment } from '@almendra/contracts';
import type { PaymentView } from './patient-payments.repository.js';

export function toPatientPayment(row: PaymentView): PatientPayment {
  return {
    id: row.id,
    number: Number(row.number),
    patientId: row.patient_id,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`.trim(),
    appointmentId: row.appointment_id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    method: row.method,
    date: row.payment_date,
    note: row.note,
    voided: row.voided_at !== null,
    voidedAt: row.voided_at,
    createdAt: row.created_at,
  };
}
