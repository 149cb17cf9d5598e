// The person's choice of events that notify them (docs/push.md); this browser's subscription is lib/web-push.ts.
import type { PushPreferences, UpdatePushPreferencesRequest } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export const pushKeys = {
  preferences: ['push', 'preferences'] as const,
};

export const pushApi = {
  preferences: () => api.get<PushPreferences>('/push/preferences'),
  updatePreferences: (body: UpdatePushPreferencesRequest) => api.patch<PushPreferences>('/push/preferences', body),
};
