// Consultations API calls and their TanStack Query hooks (history, evolution, comparison, create/edit/delete,
// the patient picker and places of care), plus the bearer-authenticated PDF download.
import type {
  PatientType,
  Appointment,
  Consultation,
  ConsultationComparison,
  ConsultationList,
  CreateConsultationRequest,
  CreateConsultationResponse,
  Evolution,
  LatestMeasurements,
  Location,
  Patient,
  PatientListResponse,
  Pregnancy,
  Service,
  UpdateConsultationRequest,
} from '@almendra/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { createAuthFetchForDownload } from './download';

export const consultationKeys = {
  all: ['consultations'] as const,
  patient: (id: string) => ['patients', id] as const,
  list: (patientId: string) => ['consultations', 'list', patientId] as const,
  evolution: (patientId: string) => ['consultations', 'evolution', patientId] as const,
  latest: (patientId: string) => ['consultations', 'latest', patientId] as const,
  compare: (a: string, b: string) => ['consultations', 'compare', a, b] as const,
  one: (id: string) => ['consultations', 'one', id] as const,
};

/** The patient-type catalogue (same cache entry as the record's), to name the type in the header. */
export function usePatientTypes() {
  return useQuery({ queryKey: ['patient-types'], queryFn: ({ signal }) => api.get<PatientType[]>('/patient-types', { signal }), staleTime: Infinity });
}

export function usePatient(id: string | null) {
  return useQuery({
    queryKey: consultationKeys.patient(id ?? ''),
    queryFn: ({ signal }) => api.get<Patient>(`/patients/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function usePatientSearch(q: string) {
  return useQuery({
    queryKey: ['patients', 'search', q],
    queryFn: ({ signal }) =>
      api.get<PatientListResponse>(`/patients?q=${encodeURIComponent(q)}&limit=20`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLocations() {
  return useQuery({ queryKey: ['locations'], queryFn: ({ signal }) => api.get<Location[]>('/locations', { signal }) });
}

export function useServices(locationId: string | null) {
  return useQuery({
    queryKey: ['locations', locationId, 'services'],
    queryFn: ({ signal }) => api.get<Service[]>(`/locations/${encodeURIComponent(locationId!)}/services`, { signal }),
    enabled: Boolean(locationId),
  });
}

/** The patient's pregnancy records: FUM and pre-pregnancy weight pre-fill the form from the open one. */
export function usePregnancies(patientId: string | null) {
  return useQuery({
    queryKey: ['patients', patientId ?? '', 'pregnancies'],
    queryFn: ({ signal }) => api.get<Pregnancy[]>(`/patients/${encodeURIComponent(patientId!)}/pregnancies`, { signal }),
    enabled: Boolean(patientId),
  });
}

/** The appointment a consultation is started from (/nueva-consulta?turno=…). */
export function useAppointment(id: string | null) {
  return useQuery({
    queryKey: ['appointments', 'one', id ?? ''],
    queryFn: ({ signal }) => api.get<Appointment>(`/appointments/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useLatestMeasurements(patientId: string | null) {
  return useQuery({
    queryKey: consultationKeys.latest(patientId ?? ''),
    queryFn: ({ signal }) =>
      api.get<LatestMeasurements>(`/patients/${encodeURIComponent(patientId!)}/consultations/latest-measurements`, { signal }),
    enabled: Boolean(patientId),
  });
}

export function useConsultationList(patientId: string) {
  return useQuery({
    queryKey: consultationKeys.list(patientId),
    queryFn: ({ signal }) => api.get<ConsultationList>(`/patients/${encodeURIComponent(patientId)}/consultations`, { signal }),
  });
}

export function useEvolution(patientId: string) {
  return useQuery({
    queryKey: consultationKeys.evolution(patientId),
    queryFn: ({ signal }) => api.get<Evolution>(`/patients/${encodeURIComponent(patientId)}/consultations/evolution`, { signal }),
  });
}

export function useConsultation(id: string | null) {
  return useQuery({
    queryKey: consultationKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<Consultation>(`/consultations/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useComparison(a: string | null, b: string | null) {
  return useQuery({
    queryKey: consultationKeys.compare(a ?? '', b ?? ''),
    queryFn: ({ signal }) =>
      api.get<ConsultationComparison>(`/consultations/compare?a=${encodeURIComponent(a!)}&b=${encodeURIComponent(b!)}`, { signal }),
    enabled: Boolean(a && b && a !== b),
  });
}

export function useCreateConsultation(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConsultationRequest) =>
      api.post<CreateConsultationResponse>(`/patients/${encodeURIComponent(patientId)}/consultations`, body),
    // Linking an appointment marks it completed: the agenda must show that too.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: consultationKeys.all }), client.invalidateQueries({ queryKey: ['appointments'] })]),
  });
}

export function useUpdateConsultation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateConsultationRequest }) =>
      api.patch<Consultation>(`/consultations/${encodeURIComponent(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: consultationKeys.all }),
  });
}

export function useDeleteConsultation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/consultations/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: consultationKeys.all }),
  });
}

/** GET the consultation's PDF with the bearer token (and the shared refresh) and hand it to the browser. */
export async function downloadConsultationReport(id: string, fileName: string): Promise<void> {
  const response = await createAuthFetchForDownload(`${API_BASE}/consultations/${encodeURIComponent(id)}/report.pdf`);
  if (!response.ok) throw await apiErrorFromResponse(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
