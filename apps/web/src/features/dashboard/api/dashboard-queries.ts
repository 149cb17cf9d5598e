// /inicio's queries, shared by its cards and by the route's prefetch (app/screen-prefetch.ts), which
// starts them before the screen's code has run. Light on purpose: the prefetch sits in the boot chunk.
import { queryOptions } from '@tanstack/react-query';
import type { Patient, PatientListResponse, PlanListResponse } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { appointmentKeys, appointmentsApi } from '../../appointments/api/appointments-api';

const RECENT_COUNT = 5;

/** Newest of the last visit and the last change first. */
export function mostRecent(patients: Patient[], count = RECENT_COUNT): Patient[] {
  const unique = new Map(patients.map((p) => [p.id, p]));
  const moment = (p: Patient) => (p.lastVisitAt && p.lastVisitAt > p.updatedAt ? p.lastVisitAt : p.updatedAt);
  return [...unique.values()].sort((a, b) => moment(b).localeCompare(moment(a))).slice(0, count);
}

async function recentPatients(): Promise<Patient[]> {
  const [visited, all] = await Promise.all([
    api.get<PatientListResponse>('/patients?sort=lastVisit&limit=5'),
    api.get<PatientListResponse>('/patients?sort=name&limit=100'),
  ]);
  return mostRecent([...visited.items, ...all.items]);
}

/** The five most recent patients ('Pacientes recientes'). */
export function recentPatientsQuery() {
  return queryOptions({ queryKey: ['patients', 'recent'], queryFn: recentPatients, meta: { silent: true } });
}

/** Plans left in draft ('Pendientes'). */
export function draftPlansQuery() {
  return queryOptions({
    queryKey: ['plans', 'list', 'dashboard-drafts'],
    queryFn: () => api.get<PlanListResponse>('/plans?draft=1&template=false'),
    meta: { silent: true },
  });
}

/** Today's appointments in the practice's time zone ('Citas de hoy'). */
export function todayAppointmentsQuery() {
  return queryOptions({ queryKey: appointmentKeys.today, queryFn: ({ signal }) => appointmentsApi.today(signal) });
}
