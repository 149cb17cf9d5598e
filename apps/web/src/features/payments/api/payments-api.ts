// Cobros calls: a patient's payments and balance, recording, voiding, the receipt (PDF, email, WhatsApp
// link), the agenda's unpaid marks and the income series.
import type { CreatePatientPaymentRequest, CreatePaymentLinkRequest, Income, MercadoPagoSettings, PaymentLink, PaymentLinkList, SaveMercadoPagoSettingsRequest, PatientPayment, PatientPaymentList, PracticePaymentList, UnpaidAppointments } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { authorized } from '../../../lib/api-upload';

const enc = encodeURIComponent;

export const paymentKeys = {
  all: ['payments'] as const,
  patient: (patientId: string) => ['payments', 'patient', patientId] as const,
  unpaid: (from: string, to: string) => ['payments', 'unpaid', from, to] as const,
  income: (year: number) => ['payments', 'income', year] as const,
  links: (patientId: string) => ['payments', 'links', patientId] as const,
  mercadoPago: ['payments', 'mercadopago'] as const,
};

export const paymentsApi = {
  listForPatient: (patientId: string, signal?: AbortSignal) => api.get<PatientPaymentList>(`/patients/${enc(patientId)}/payments`, { signal }),
  create: (patientId: string, body: CreatePatientPaymentRequest) => api.post<PatientPayment>(`/patients/${enc(patientId)}/payments`, body),
  list: (range: { from?: string; to?: string }, signal?: AbortSignal) =>
    api.get<PracticePaymentList>(`/payments?${new URLSearchParams(Object.entries(range).filter(([, v]) => v) as [string, string][]).toString()}`, { signal }),
  void: (id: string) => api.delete<PatientPayment>(`/payments/${enc(id)}`),
  receipt: async (id: string): Promise<Blob> => (await authorized('GET', `/payments/${enc(id)}/receipt.pdf`)).blob(),
  email: (id: string) => api.post<{ to: string }>(`/payments/${enc(id)}/email`, {}),
  shareLink: (id: string) => api.get<{ url: string; expiresAt: string }>(`/payments/${enc(id)}/share-link`),
  unpaid: (from: string, to: string, signal?: AbortSignal, patientId?: string) =>
    api.get<UnpaidAppointments>(`/payments/unpaid-appointments?from=${enc(from)}&to=${enc(to)}${patientId ? `&patientId=${enc(patientId)}` : ''}`, { signal }),
  income: (year: number, signal?: AbortSignal) => api.get<Income>(`/payments/income?year=${year}`, { signal }),
  links: (patientId: string, signal?: AbortSignal) => api.get<PaymentLinkList>(`/patients/${enc(patientId)}/payment-links`, { signal }),
  createLink: (patientId: string, body: CreatePaymentLinkRequest) => api.post<PaymentLink>(`/patients/${enc(patientId)}/payment-links`, body),
  cancelLink: (patientId: string, linkId: string) => api.post<PaymentLink>(`/patients/${enc(patientId)}/payment-links/${enc(linkId)}/cancel`, {}),
  mercadoPago: (signal?: AbortSignal) => api.get<MercadoPagoSettings>('/me/mercadopago', { signal }),
  saveMercadoPago: (body: SaveMercadoPagoSettingsRequest) => api.put<MercadoPagoSettings>('/me/mercadopago', body),
  portalLinks: (signal?: AbortSignal) => api.get<{ items: PaymentLink[] }>('/portal/payment-links', { signal }),
};

/** Saves a Blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'recibo-0001-00000042.pdf', the name the server gives it too. */
export const receiptFilename = (number: number) => `recibo-0001-${String(number).padStart(8, '0')}.pdf`;
export const receiptLabel = (number: number) => `0001-${String(number).padStart(8, '0')}`;
