// The requests inbox and the public web profile: queries and calls (GET/POST/PATCH /marketing/requests,
// /marketing/overview, /me/public-profile and its cover).
import { queryOptions } from '@tanstack/react-query';
import { PUBLIC_COVER_FIELD } from '@almendra/contracts/constants';
import type { DecideMarketingRequest, MarketingOverview, MarketingRequest, MarketingRequestList, MarketingSeenResult, PublicProfile, UpdatePublicProfileRequest } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authorized, multipart } from '../../../lib/api-upload';

export const marketingKeys = {
  all: ['marketing'] as const,
  requests: ['marketing', 'requests'] as const,
  overview: ['marketing', 'overview'] as const,
  profile: ['marketing', 'public-profile'] as const,
  cover: (updatedAt: string | null) => ['marketing', 'public-profile', 'cover', updatedAt] as const,
};

export const requestsQuery = () =>
  queryOptions({ queryKey: marketingKeys.requests, queryFn: ({ signal }) => api.get<MarketingRequestList>('/marketing/requests', { signal }) });
export const overviewQuery = () =>
  queryOptions({ queryKey: marketingKeys.overview, queryFn: ({ signal }) => api.get<MarketingOverview>('/marketing/overview', { signal }) });
export const publicProfileQuery = () =>
  queryOptions({ queryKey: marketingKeys.profile, queryFn: ({ signal }) => api.get<PublicProfile>('/me/public-profile', { signal }) });

export const marketingApi = {
  markAllSeen: () => api.post<MarketingSeenResult>('/marketing/requests/seen'),
  decide: (id: string, body: DecideMarketingRequest) => api.patch<MarketingRequest>(`/marketing/requests/${encodeURIComponent(id)}`, body),
  saveProfile: (body: UpdatePublicProfileRequest) => api.patch<PublicProfile>('/me/public-profile', body),
  uploadCover: (file: File) => {
    const form = new FormData();
    form.append(PUBLIC_COVER_FIELD, file, file.name);
    return multipart<PublicProfile>('PUT', '/me/public-profile/cover', form);
  },
  removeCover: () => api.delete<PublicProfile>('/me/public-profile/cover'),
  /** The cover as a Blob (it needs the bearer header), null without one. */
  async cover(): Promise<Blob | null> {
    try {
      return await (await authorized('GET', '/me/public-profile/cover')).blob();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
