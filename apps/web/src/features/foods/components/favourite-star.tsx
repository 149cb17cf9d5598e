// Favourite foods and dishes (issue 28): a star on each row of Alimentos and Platos. Her stars are hers only
// (GET /foods/favourites, /dishes/favourites) and are what "Proponer un día" composes from with "Mis
// favoritos". The star turns at once and turns back if the server refuses (the error shows as a toast).
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FavouriteIds } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export type FavouriteKind = 'food' | 'dish';
const base = (kind: FavouriteKind) => (kind === 'food' ? '/foods' : '/dishes');

export function favouritesQuery(kind: FavouriteKind) {
  return queryOptions({
    queryKey: ['favourites', kind],
    queryFn: ({ signal }) => api.get<FavouriteIds>(`${base(kind)}/favourites`, { signal }),
    staleTime: 60_000,
  });
}

/** Her starred ids of a kind, and a toggle that updates the list at once (and back on failure). */
export function useFavourites(kind: FavouriteKind) {
  const queryClient = useQueryClient();
  const query = useQuery(favouritesQuery(kind));
  const key = favouritesQuery(kind).queryKey;
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => (on ? api.put<void>(`${base(kind)}/${encodeURIComponent(id)}/favourite`) : api.delete<void>(`${base(kind)}/${encodeURIComponent(id)}/favourite`)),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      const ids = (before?.ids ?? []).filter((x) => x !== id);
      queryClient.setQueryData(key, { ids: on ? [id, ...ids] : ids });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const ids = new Set(query.data?.ids ?? []);
  return { ids, ready: query.isSuccess, toggle: (id: string) => toggle.mutate({ id, on: !ids.has(id) }) };
}

export function FavouriteStar({ starred, name, onToggle, disabled }: { starred: boolean; name: string; onToggle: () => void; disabled?: boolean }) {
  const { t } = useTranslation('foods');
  const label = starred ? t('favourites.remove', { name }) : t('favourites.add', { name });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={starred ? 'yellow' : 'gray'} aria-label={label} aria-pressed={starred} onClick={onToggle} disabled={disabled} data-testid="favourite-star">
        {starred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
