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

/** 0039: the practice's own Mercado Pago credentials, encrypted at rest (lib/secret-box.ts). */
export interface PracticeMercadoPagoTable {
  nutritionist_id: string;
  access_token_enc: string;
  webhook_secret_enc: string;
  token_hint: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** 0039: a Mercado Pago payment link (Checkout Pro preference) sent to a patient. */
export interface PatientPaymentLinksTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  appointment_id: string | null;
  amount_cents: number;
  currency: string;
  description: string;
  preference_id: string;
  init_point: string;
  status: 'pending' | 'paid' | 'cancelled';
  payment_id: string | null;
  created_by: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** 0042: when and by whom she cancelled it (expired at Mercado Pago). */
  cancelled_at: IsoInstant | null;
  cancelled_by: string | null;
}

/** Merged into DB (schema.ts). */
export interface PatientPaymentsDB {
  patient_payments: PatientPaymentsTable;
  patient_payment_counters: PatientPaymentCountersTable;
  practice_mercadopago: PracticeMercadoPagoTable;
  patient_payment_links: PatientPaymentLinksTable;
}
