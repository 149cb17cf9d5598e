// Calls of the appointments feature: places of care, their hours and services, free slots, the
// calendar's appointments, today's agenda and the private iCalendar feed. Query keys live here too.
import type {
  Appointment,
  AppointmentChangeNotice,
  CalendarFeed,
  CalendarFeedStatus,
  CalendarHoursResponse,
  ConfirmationLink,
  CreateAppointmentRequest,
  CreateLocationRequest,
  CreateServiceRequest,
  Location,
  Patient,
  PatientListResponse,
  Service,
  ServiceScheduleResponse,
  Slot,
  TodayAgenda,
  UnseenPatientAnswers,
  UpdateAppointmentRequest,
  UpdateLocationRequest,
  UpdateServiceRequest,
  WeeklyScheduleInput,
  WeeklyScheduleResponse,
} from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export type ScheduleDays = WeeklyScheduleResponse;
export type ServiceSchedule = ServiceScheduleResponse;

export const appointmentKeys = {
  locations: ['locations'] as const,
  hours: ['locations', 'hours'] as const,
  schedule: (id: string) => ['locations', id, 'schedule'] as const,
  services: (id: string) => ['locations', id, 'services'] as const,
  serviceSchedule: (id: string, sid: string) => ['locations', id, 'services', sid, 'schedule'] as const,
  slots: (id: string, date: string, interval: number, serviceId: string | null) =>
    ['locations', id, 'slots', date, interval, serviceId] as const,
  appointments: ['appointments'] as const,
  range: (from: string, to: string, locationId: string | null) => ['appointments', 'range', from, to, locationId] as const,
  today: ['appointments', 'today'] as const,
  confirmationLink: (id: string, start: string) => ['appointments', 'confirmation-link', id, start] as const,
  unseenAnswers: ['appointments', 'patient-answers', 'unseen'] as const,
  feed: ['calendar-feed'] as const,
};

const enc = encodeURIComponent;

export const locationsApi = {
  list: (signal?: AbortSignal) => api.get<Location[]>('/locations', { signal }),
  create: (body: CreateLocationRequest) => api.post<Location>('/locations', body),
  update: (id: string, body: UpdateLocationRequest) => api.patch<Location>(`/locations/${enc(id)}`, body),
  remove: (id: string) => api.delete<void>(`/locations/${enc(id)}`),
  hide: (id: string) => api.post<Location>(`/locations/${enc(id)}/hide`),
  unhide: (id: string) => api.post<Location>(`/locations/${enc(id)}/unhide`),
  hours: (signal?: AbortSignal) => api.get<CalendarHoursResponse>('/locations/hours', { signal }),
  schedule: (id: string, signal?: AbortSignal) => api.get<ScheduleDays>(`/locations/${enc(id)}/schedule`, { signal }),
  saveSchedule: (id: string, body: WeeklyScheduleInput) => api.put<ScheduleDays>(`/locations/${enc(id)}/schedule`, body),
  services: (id: string, signal?: AbortSignal) => api.get<Service[]>(`/locations/${enc(id)}/services`, { signal }),
  createService: (id: string, body: CreateServiceRequest) => api.post<Service>(`/locations/${enc(id)}/services`, body),
  updateService: (id: string, sid: string, body: UpdateServiceRequest) =>
    api.patch<Service>(`/locations/${enc(id)}/services/${enc(sid)}`, body),
  removeService: (id: string, sid: string) => api.delete<void>(`/locations/${enc(id)}/services/${enc(sid)}`),
  serviceSchedule: (id: string, sid: string, signal?: AbortSignal) =>
    api.get<ServiceSchedule>(`/locations/${enc(id)}/services/${enc(sid)}/schedule`, { signal }),
  saveServiceSchedule: (id: string, sid: string, body: WeeklyScheduleInput) =>
    api.put<ServiceSchedule>(`/locations/${enc(id)}/services/${enc(sid)}/schedule`, body),
  clearServiceSchedule: (id: string, sid: string) =>
    api.delete<ServiceSchedule>(`/locations/${enc(id)}/services/${enc(sid)}/schedule`),
  slots: (id: string, query: { date: string; interval: number; serviceId?: string | null }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ date: query.date, interval: String(query.interval) });
    if (query.serviceId) params.set('serviceId', query.serviceId);
    return api.get<Slot[]>(`/locations/${enc(id)}/slots?${params.toString()}`, { signal });
  },
};

export const appointmentsApi = {
  /** Cancelled appointments come too: the calendar shows the ones the patient cancelled (and leaves out the rest). */
  range: (query: { from: string; to: string; locationId?: string | null }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ from: query.from, to: query.to, includeCancelled: 'true' });
    if (query.locationId) params.set('locationId', query.locationId);
    return api.get<Appointment[]>(`/appointments?${params.toString()}`, { signal });
  },
  today: (signal?: AbortSignal) => api.get<TodayAgenda>('/appointments/today', { signal }),
  create: (body: CreateAppointmentRequest) => api.post<Appointment>('/appointments', body),
  update: (id: string, body: UpdateAppointmentRequest) => api.patch<Appointment>(`/appointments/${enc(id)}`, body),
  remove: (id: string) => api.delete<void>(`/appointments/${enc(id)}`),
  notifyChange: (id: string) => api.post<AppointmentChangeNotice>(`/appointments/${enc(id)}/notify-change`),
  confirmationLink: (id: string, signal?: AbortSignal) => api.get<ConfirmationLink>(`/appointments/${enc(id)}/confirmation-link`, { signal }),
  unseenAnswers: (signal?: AbortSignal) => api.get<UnseenPatientAnswers>('/appointments/patient-answers/unseen-count', { signal }),
  markAnswersSeen: () => api.post<void>('/appointments/patient-answers/seen'),
  patient: (id: string, signal?: AbortSignal) => api.get<Patient>(`/patients/${enc(id)}`, { signal }),
  searchPatients: (q: string, signal?: AbortSignal) =>
    api.get<PatientListResponse>(`/patients?${new URLSearchParams({ q, limit: '10' }).toString()}`, { signal }),
};

export const calendarFeedApi = {
  status: (signal?: AbortSignal) => api.get<CalendarFeedStatus>('/calendar-feed', { signal }),
  create: () => api.post<CalendarFeed>('/calendar-feed'),
  revoke: () => api.delete<void>('/calendar-feed'),
};
