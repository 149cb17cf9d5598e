// Subscriptions, fiscal data and the operator's billing calls (issue 12).
import { queryOptions } from '@tanstack/react-query';
import type {
  AdminJob,
  AdminUserSummary,
  BillingFigures,
  FiscalData,
  MeSubscription,
  RecordPaymentRequest,
  SubscriptionPlan,
  UpdateFiscalRequest,
  UpsertSubscriptionPlanRequest,
} from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export const billingKeys = {
  mine: ['billing', 'me'] as const,
  plans: (country: string | null) => ['billing', 'plans', country] as const,
  fiscal: ['billing', 'fiscal'] as const,
  admin: ['admin', 'billing'] as const,
};

export const mySubscriptionQuery = () =>
  queryOptions({ queryKey: billingKeys.mine, queryFn: ({ signal }) => api.get<MeSubscription>('/me/subscription', { signal }) });

export const plansQuery = (country: string | null) =>
  queryOptions({
    queryKey: billingKeys.plans(country),
    queryFn: ({ signal }) => api.get<{ items: SubscriptionPlan[] }>(`/subscription-plans${country ? `?country=${encodeURIComponent(country)}` : ''}`, { signal }),
  });

export const fiscalQuery = () => queryOptions({ queryKey: billingKeys.fiscal, queryFn: ({ signal }) => api.get<FiscalData>('/me/fiscal', { signal }) });

export const billingApi = {
  choosePlan: (planKey: string) => api.post<MeSubscription>('/me/subscription/plan', { planKey }),
  startCheckout: (processor: 'mercadopago' | 'stripe') => api.post<{ redirectUrl: string }>('/me/subscription/checkout', { processor }),
  cancel: () => api.post<MeSubscription>('/me/subscription/cancel', {}),
  reactivate: () => api.post<MeSubscription>('/me/subscription/reactivate', {}),
  dismissPendingChange: () => api.post<MeSubscription>('/me/subscription/pending-change/dismiss', {}),
  customerPortal: () => api.post<{ url: string }>('/me/subscription/portal', {}),
  rejectedNoticeSeen: (eventId: string) => api.post<void>('/me/subscription/rejected-notice/seen', { eventId }),
  saveFiscal: (body: UpdateFiscalRequest) => api.put<FiscalData>('/me/fiscal', body),
  fiscalTourSeen: () => api.post<FiscalData>('/me/fiscal/tour-seen', {}),
};

export interface AdminUserList {
  items: AdminUserSummary[];
  total: number;
}

export interface OperatorAuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  createdAt: string;
}

export const adminBillingQueries = {
  users: (q: string, limit: number) =>
    queryOptions({
      queryKey: [...billingKeys.admin, 'users', q, limit],
      queryFn: ({ signal }) => api.get<AdminUserList>(`/admin/users?limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal }),
      placeholderData: (previous) => previous,
    }),
  subscription: (userId: string) =>
    queryOptions({ queryKey: [...billingKeys.admin, 'subscription', userId], queryFn: ({ signal }) => api.get<MeSubscription>(`/admin/users/${encodeURIComponent(userId)}/subscription`, { signal }) }),
  plans: () => queryOptions({ queryKey: [...billingKeys.admin, 'plans'], queryFn: ({ signal }) => api.get<{ items: SubscriptionPlan[] }>('/admin/subscription-plans', { signal }) }),
  figures: () => queryOptions({ queryKey: [...billingKeys.admin, 'figures'], queryFn: ({ signal }) => api.get<BillingFigures>('/admin/billing-figures', { signal }) }),
  jobs: () => queryOptions({ queryKey: [...billingKeys.admin, 'jobs'], queryFn: ({ signal }) => api.get<{ items: AdminJob[] }>('/admin/jobs', { signal }) }),
  audit: (targetType: string | null) =>
    queryOptions({
      queryKey: [...billingKeys.admin, 'audit', targetType],
      queryFn: ({ signal }) => api.get<{ items: OperatorAuditEntry[]; nextBefore: string | null }>(`/admin/audit?limit=50${targetType ? `&targetType=${encodeURIComponent(targetType)}` : ''}`, { signal }),
    }),
};

export const adminBillingApi = {
  setBanned: (userId: string, bannedStatus: 0 | 2, reason?: string) => api.patch<unknown>(`/admin/users/${encodeURIComponent(userId)}`, { bannedStatus, ...(reason ? { reason } : {}) }),
  recordPayment: (userId: string, body: RecordPaymentRequest) => api.post<MeSubscription>(`/admin/users/${encodeURIComponent(userId)}/payments`, body),
  savePlan: (body: UpsertSubscriptionPlanRequest) => api.put<SubscriptionPlan>('/admin/subscription-plans', body),
  retryJob: (jobId: string) => api.post<void>(`/admin/jobs/${encodeURIComponent(jobId)}/retry`, {}),
};

/** '45.000,00 ARS' in the interface's locale, from integer cents. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
