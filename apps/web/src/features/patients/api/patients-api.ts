// Calls of the patients feature (GET/POST/PATCH /patients, record sections, photo, import, exports, history)
// and the TanStack Query keys they share, so a save refreshes every screen that shows the patient.
import type {
  Activity,
  Background,
  CreatePatientRequest,
  Habits,
  LabResult,
  Patient,
  PatientAuditPage,
  PatientImportMapping,
  PatientImportReport,
  PatientListResponse,
  PatientType,
  Pregnancy,
  Reminder,
  UpdatePatientRequest,
} from '@almendra/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorized, multipart } from '../../../lib/api-upload';

export interface PatientListParams {
  q?: string;
  locationId?: string | null;
  status?: 'active' | 'new' | 'deleted';
  sort?: 'name' | 'lastVisit';
  page?: number;
  limit?: number;
}

export interface LocationOption {
  id: string;
  name: string;
}

export const patientKeys = {
  all: ['patients'] as const,
  list: (params: PatientListParams) => ['patients', 'list', params] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  section: (id: string, section: string) => ['patients', 'section', id, section] as const,
  audit: (id: string, page: number) => ['patients', 'section', id, 'audit', page] as const,
};

export function patientListPath(params: PatientListParams): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.locationId) search.set('locationId', params.locationId);
  if (params.status) search.set('status', params.status);
  if (params.sort) search.set('sort', params.sort);
  if (params.page) search.set('page', String(params.page));
  if (params.limit) search.set('limit', String(params.limit));
  const query = search.toString();
  return `/patients${query ? `?${query}` : ''}`;
}

export const patientsApi = {
  list: (params: PatientListParams, signal?: AbortSignal) =>
    api.get<PatientListResponse>(patientListPath(params), { signal }),
  get: (id: string) => api.get<Patient>(`/patients/${encodeURIComponent(id)}`),
  create: (body: CreatePatientRequest) => api.post<Patient>('/patients', body),
  update: (id: string, body: UpdatePatientRequest) => api.patch<Patient>(`/patients/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<void>(`/patients/${encodeURIComponent(id)}`),
  restore: (id: string) => api.post<Patient>(`/patients/${encodeURIComponent(id)}/restore`),
  types: () => api.get<PatientType[]>('/patient-types'),
  locations: () => api.get<LocationOption[]>('/locations'),
  referralOptions: () => api.get<{ options: string[] }>('/referral-options'),
  saveReferralOptions: (options: string[]) => api.put<{ options: string[] }>('/referral-options', { options }),
  exportRecord: (id: string) => api.get<unknown>(`/patients/${encodeURIComponent(id)}/export`),
  /** The readable PDF summary, as a Blob. */
  exportPdf: async (id: string): Promise<Blob> => (await authorized('GET', `/patients/${encodeURIComponent(id)}/export.pdf`)).blob(),
  /** The mailing export (CSV): only consenting patients, or all with the consent column. */
  contactsCsv: async (consent: 'consenting' | 'all'): Promise<Blob> => (await authorized('GET', `/patients/contacts.csv?consent=${consent}`)).blob(),
  audit: (id: string, page: number, limit = 20) =>
    api.get<PatientAuditPage>(`/patients/${encodeURIComponent(id)}/audit?page=${page}&limit=${limit}`),
  pregnancies: (id: string) => api.get<Pregnancy[]>(`/patients/${encodeURIComponent(id)}/pregnancies`),
  startPregnancy: (id: string, body: { lastMenstrualPeriod: string; preGestationalWeightKg?: number | null }) =>
    api.post<Pregnancy>(`/patients/${encodeURIComponent(id)}/pregnancies`, body),
  addPregnancyWeight: (pregnancyId: string, body: { date: string; weightKg: number }) =>
    api.post<Pregnancy>(`/pregnancies/${encodeURIComponent(pregnancyId)}/weights`, body),
  finishPregnancy: (pregnancyId: string, body: { endDate: string; outcome?: 'birth' | 'loss' | 'other' | null }) =>
    api.post<Pregnancy>(`/pregnancies/${encodeURIComponent(pregnancyId)}/finish`, body),
  background: (id: string) => api.get<Background>(`/patients/${encodeURIComponent(id)}/background`),
  saveBackground: (id: string, body: unknown) => api.put<Background>(`/patients/${encodeURIComponent(id)}/background`, body),
  habits: (id: string) => api.get<Habits>(`/patients/${encodeURIComponent(id)}/habits`),
  saveHabits: (id: string, body: unknown) => api.put<Habits>(`/patients/${encodeURIComponent(id)}/habits`, body),
  labs: (id: string) => api.get<LabResult[]>(`/patients/${encodeURIComponent(id)}/labs`),
  addLab: (id: string, body: unknown) => api.post<LabResult>(`/patients/${encodeURIComponent(id)}/labs`, body),
  updateLab: (labId: string, body: unknown) => api.patch<LabResult>(`/labs/${encodeURIComponent(labId)}`, body),
  deleteLab: (labId: string) => api.delete<void>(`/labs/${encodeURIComponent(labId)}`),
  reminders: (id: string) => api.get<Reminder[]>(`/patients/${encodeURIComponent(id)}/reminders`),
  addReminder: (id: string, body: unknown) => api.post<Reminder>(`/patients/${encodeURIComponent(id)}/reminders`, body),
  updateReminder: (reminderId: string, body: unknown) => api.patch<Reminder>(`/reminders/${encodeURIComponent(reminderId)}`, body),
  deleteReminder: (reminderId: string) => api.delete<void>(`/reminders/${encodeURIComponent(reminderId)}`),
  activities: (id: string) => api.get<Activity[]>(`/patients/${encodeURIComponent(id)}/activities`),
  addActivity: (id: string, body: unknown) => api.post<Activity>(`/patients/${encodeURIComponent(id)}/activities`, body),
  deleteActivity: (activityId: string) => api.delete<void>(`/activities/${encodeURIComponent(activityId)}`),
  uploadPhoto: (id: string, file: Blob, filename: string) => {
    const form = new FormData();
    form.append('photo', file, filename);
    return multipart<Patient>('PUT', `/patients/${encodeURIComponent(id)}/photo`, form);
  },
  /** CSV or XLSX; `mapping` (one field or null per column) overrides the columns the server recognised. */
  importFile: (file: File, dryRun: boolean, mapping?: PatientImportMapping) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const query = new URLSearchParams({ dryRun: dryRun ? 'true' : 'false' });
    if (mapping) query.set('mapping', JSON.stringify(mapping));
    return multipart<PatientImportReport>('POST', `/patients/import?${query.toString()}`, form);
  },
};

export { fieldErrors } from '../../../lib/api-error';

/** /pacientes shows 20 patients a page. */
export const PATIENT_PAGE_SIZE = 20;

/** The list as /pacientes opens: active patients by name, first page, no search or location filter. */
export const FIRST_PATIENT_PAGE: PatientListParams = { q: '', locationId: null, status: 'active', sort: 'name', page: 1, limit: PATIENT_PAGE_SIZE };

export function patientListQuery(params: PatientListParams) {
  return queryOptions({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) => patientsApi.list(params, signal),
  });
}

/** The practice's care locations (the list's location filter). */
export function locationsQuery() {
  return queryOptions({ queryKey: ['locations'], queryFn: patientsApi.locations, meta: { silent: true } });
}

/** A patient's record (/ficha's heading and every tab start from it). */
export function patientQuery(id: string) {
  return queryOptions({ queryKey: patientKeys.detail(id), queryFn: () => patientsApi.get(id) });
}

/** ?id= (or the older ?paciente=) of /ficha. */
export function recordPatientId(params: URLSearchParams): string {
  return params.get('id') ?? params.get('paciente') ?? '';
}
