// /platos: the nutritionist's dishes, searched as you type (500 ms), with totals per dish and per serving.
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { formatAmount, formatNumber } from '../../foods';
import { dishesPath, listDishes } from '../api/dishes-api';

export function DishList() {
  const { t, i18n } = useTranslation(['foods', 'common']);
  useDocumentTitle(`${t('foods:dishes.title')} · ${t('common:appName')}`);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 500);
  const dishes = useInfiniteQuery({
    queryKey: ['dishes', 'list', debounced.trim()],
    queryFn: ({ pageParam, signal }) => listDishes(dishesPath(debounced, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = dishes.data?.pages.flatMap((p) => p.items) ?? [];
  const kcal = (value: number) => `${formatAmount(value, i18n.language, 'kcal')} kcal`;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('foods:dishes.title')}</Title>
          <Text c="dimmed">{t('foods:dishes.description')}</Text>
        </div>
        <Button component={Link} to="/nueva-comida" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('foods:dishes.new')}
        </Button>
      </Group>
      <TextInput
        label={t('foods:dishes.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        maw={480}
      />
      {dishes.isPending ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="dishes-empty">
          {debounced.trim() ? t('foods:dishes.noMatches') : t('foods:dishes.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover data-testid="dishes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('foods:list.name')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.servings')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.energyTotal')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.energyServing')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((dish) => (
                  <Table.Tr key={dish.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/detalle-comida/${encodeURIComponent(dish.id)}`}>
                        {dish.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(dish.servings, i18n.language)}</Table.Td>
                    <Table.Td ta="right">{kcal(dish.totals.nutrients.energyKcal ?? 0)}</Table.Td>
                    <Table.Td ta="right">{kcal(dish.perServing.nutrients.energyKcal ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {dishes.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" onClick={() => void dishes.fetchNextPage()} loading={dishes.isFetchingNextPage}>
                {t('foods:list.loadMore')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
