// The nutritionist's profile photo (GET /api/v1/me/photo), shown in the navbar's user menu and on her
// account. The image needs the bearer header, so it is fetched as a blob (lib/api-upload) and shown
// through an object URL. One cache entry per photo version (Nutritionist.photoUpdatedAt from /me): a new
// upload is a new key, fetched once; an account without a photo asks for nothing.
import { useEffect, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { authorized } from './api-upload';

const PROFILE_PHOTO_KEY = ['account', 'photo'] as const;

/** The photo as a Blob, or null when there is none (404). */
async function fetchPhoto(): Promise<Blob | null> {
  try {
    return await (await authorized('GET', '/me/photo')).blob();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function profilePhotoQuery(version: string | null | undefined) {
  return queryOptions({
    queryKey: [...PROFILE_PHOTO_KEY, version ?? null],
    queryFn: fetchPhoto,
    enabled: Boolean(version),
    staleTime: Infinity,
    // A picture: when it cannot be fetched the initials stand in, without a toast on every screen.
    meta: { silent: true },
  });
}

/** An object URL of that version of the photo, or null (no photo, still loading, or failed). */
export function useProfilePhotoUrl(version: string | null | undefined): string | null {
  const photo = useQuery(profilePhotoQuery(version));
  const blob = version ? (photo.data ?? null) : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
