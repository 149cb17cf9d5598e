// Food and dish picker: type to search (GET /foods?q= and GET /dishes?q=, debounced), pick with the
// keyboard or the mouse. Foods are listed by their Spanish name, each once (lib/picker-foods); the list
// always ends with "Crear alimento propio «…»", which writes a missing food from its label on the spot.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dish, DishListResponse, FoodDetail } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { plansApi } from '../api/plans-api';
import { pickerFoods, pickerLabel } from '../lib/picker-foods';
import { QuickFoodModal } from './quick-food-modal';
import { showError } from '../../../lib/toast';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

export function FoodPicker({ label, onPick, onPickDish }: { label: string; onPick: (food: FoodDetail) => void; onPickDish: (dish: Dish) => void }) {
  const { t } = useTranslation('plans');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState<string | null>(null);
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
  const foodItems = pickerFoods(results.data?.items ?? []).map((f) => ({ value: `food:${f.id}`, label: pickerLabel(f) }));
  const dishItems = (dishes.data?.items ?? []).map((d) => ({ value: `dish:${d.id}`, label: d.name }));
  const data = [
    ...(foodItems.length ? [{ group: t('editor.foodsGroup'), items: foodItems }] : []),
    ...(dishItems.length ? [{ group: t('editor.dishesGroup'), items: dishItems }] : []),
    ...(debounced.length >= 2 && results.isSuccess ? [{ group: t('quickFood.group'), items: [{ value: 'create:', label: t('quickFood.option', { name: debounced }) }] }] : []),
  ];
  return (
    <>
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
        if (kind === 'create') {
          setCreating(debounced);
          return;
        }
        if (kind === 'dish') {
          const dish = dishes.data?.items.find((d) => d.id === id);
          if (dish) onPickDish(dish);
          return;
        }
        plansApi.food(id).then(onPick, showError);
      }}
      comboboxProps={{ withinPortal: true }}
    />
    <QuickFoodModal
      name={creating}
      onClose={() => setCreating(null)}
      onCreated={(food) => {
        setCreating(null);
        onPick(food);
      }}
    />
    </>
  );
}
