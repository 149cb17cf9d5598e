// Food and dish picker: type to search (GET /foods?q= and GET /dishes?q=, debounced), pick with the
// keyboard or the mouse.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dish, DishListResponse, FoodDetail } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { plansApi } from '../api/plans-api';
import { showError } from '../../../lib/toast';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

export function FoodPicker({ label, onPick, onPickDish }: { label: string; onPick: (food: FoodDetail) => void; onPickDish: (dish: Dish) => void }) {
  const { t } = useTranslation('plans');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['plans', 'food-search', debounced],
    queryFn: ({ signal }) => plansApi.searchFoods(debounced, signal),
    enabled: debounced.length >= 2,
    staleTime: 60_000,
  });
  const dishes = useQuery({
    queryKey: ['plans', 'dish-search', debounced],
    queryFn: ({ signal }) => api.get<DishListResponse>(`/dishes?q=${encodeURIComponent(debounced)}&limit=10`, { signal }),
    enabled: debounced.length >= 2,
    staleTime: 60_000,
  });
  const foodItems = (results.data?.items ?? []).map((f) => ({ value: `food:${f.id}`, label: f.brand ? `${f.name} (${f.brand})` : f.name }));
  const dishItems = (dishes.data?.items ?? []).map((d) => ({ value: `dish:${d.id}`, label: d.name }));
  const data = [
    ...(foodItems.length ? [{ group: t('editor.foodsGroup'), items: foodItems }] : []),
    ...(dishItems.length ? [{ group: t('editor.dishesGroup'), items: dishItems }] : []),
  ];
  return (
    <Select
      label={label}
      placeholder={t('editor.foodSearchPlaceholder')}
      searchable
      value={null}
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={debounced.length >= 2 && !results.isFetching ? t('editor.noFoods') : undefined}
      onChange={(value) => {
        if (!value) return;
        setSearch('');
        const [kind, ...rest] = value.split(':');
        const id = rest.join(':');
        if (kind === 'dish') {
          const dish = dishes.data?.items.find((d) => d.id === id);
          if (dish) onPickDish(dish);
          return;
        }
        plansApi.food(id).then(onPick, showError);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
