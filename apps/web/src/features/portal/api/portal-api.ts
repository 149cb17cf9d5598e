// Calls of the patient portal (patient side) and of the portal's practice side in the record.
import type {
  DailyLogDay,
  DailyLogEntryRequest,
  DailyLogList,
  Plan,
  PortalAcceptRequest,
  PortalAccess,
  PortalInviteResponse,
  PortalMe,
  PortalSessionResponse,
  PortalPlanList,
} from '@almendra/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswersOnceControlled, readKeptAnswer } from '../../../lib/offline-data';
import { queryClient } from '../../../lib/query-client';
import { authorized, multipart } from '../../../lib/api-upload';

const range = (query: { from?: string; to?: string }) => {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const portalKeys = {
  me: ['portal', 'me'] as const,
  plan: ['portal', 'plan'] as const,
  plans: ['portal', 'plans'] as const,
  planById: (id: string) => ['portal', 'plans', id] as const,
  log: ['portal', 'daily-log'] as const,
  access: (patientId: string) => ['portal', 'access', patientId] as const,
  patientLog: (patientId: string, from: string, to: string) => ['portal', 'patient-log', patientId, from, to] as const,
};

export const portalApi = {
  accept: (body: PortalAcceptRequest) => api.post<PortalSessionResponse>('/portal/accept', body, { auth: false, refreshOn401: false }),
  me: () => api.get<PortalMe>('/portal/me'),
  plan: () => api.get<Plan>('/portal/plan'),
  planPdf: async () => (await authorized('GET', '/portal/plan/pdf')).blob(),
  /** Every plan published for her, newest first: "Mi plan" and the earlier ones. */
  plans: () => api.get<PortalPlanList>('/portal/plans'),
  planById: (id: string) => api.get<Plan>(`/portal/plans/${encodeURIComponent(id)}`),
  planPdfById: async (id: string) => (await authorized('GET', `/portal/plans/${encodeURIComponent(id)}/pdf`)).blob(),
  saveDay: (body: DailyLogEntryRequest) => api.post<DailyLogDay>('/portal/daily-log', body),
  addPhoto: (date: string, meal: string | null, file: File) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    const query = new URLSearchParams({ date, ...(meal ? { meal } : {}) });
    return multipart<DailyLogDay['photos'][number]>('POST', `/portal/daily-log/photos?${query.toString()}`, form);
  },
  myLog: (query: { from?: string; to?: string } = {}) => api.get<DailyLogList>(`/portal/daily-log${range(query)}`),

  // Practice side.
  access: (patientId: string) => api.get<PortalAccess>(`/patients/${encodeURIComponent(patientId)}/portal-access`),
  invite: (patientId: string) => api.post<PortalInviteResponse>(`/patients/${encodeURIComponent(patientId)}/portal-invite`),
  revoke: (patientId: string) => api.delete<void>(`/patients/${encodeURIComponent(patientId)}/portal-access`),
  patientLog: (patientId: string, query: { from?: string; to?: string }) => api.get<DailyLogList>(`/patients/${encodeURIComponent(patientId)}/daily-log${range(query)}`),
  markLogSeen: (patientId: string) => api.post<void>(`/patients/${encodeURIComponent(patientId)}/daily-log/seen`),
};

/** Whether this page load has looked for the home the service worker kept (only its first read may). */
let keptHomeLooked = false;

/**
 * The portal's home (GET /portal/me): the screen's query, which its route also starts early. On a
 * repeat visit its first read is the home the service worker kept for this account (lib/offline-data.ts):
 * the greeting and home paint without waiting for the network, and the query is invalidated at once, so
 * the network's answer (the boot script's early request when the token is valid) replaces it.
 */
export const portalMeQuery = () =>
  queryOptions({
    queryKey: portalKeys.me,
    queryFn: async () => {
      if (!keptHomeLooked) {
        keptHomeLooked = true;
        const kept = await readKeptAnswer<PortalMe>('/portal/me');
        if (kept) {
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: portalKeys.me }), 0);
          return kept;
        }
      }
      return portalApi.me();
    },
  });

// The first visit's home, for the service worker that installs after it: the second visit paints from it.
keepAnswersOnceControlled(() => [['/portal/me', queryClient.getQueryData(portalKeys.me)]]);
