// Kysely table types of migration 0026-patient-payments (Cobros: what patients pay the practice).
type IsoInstant = string;
type IsoDate = string;

export interface PatientPaymentsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  appointment_id: string | null;
  number: number;
  amount_cents: number;
  currency: string;
  method: 'cash' | 'transfer' | 'mercadopago' | 'card' | 'insurance';
  payment_date: IsoDate;
  note: string | null;
  external_ref: string | null;
  created_by: string | null;
  voided_at: IsoInstant | null;
  voided_by: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface PatientPaymentCountersTable {
  nutritionist_id: string;
  last_number: number;
}

/** Merged into DB (schema.ts). */
export interface PatientPaymentsDB {
  patient_payments: PatientPaymentsTable;
  patient_payment_counters: PatientPaymentCountersTable;
}
