// /platos: my dishes and the shipped examples (tabs), searched as you type (500 ms), with photo, totals
// per dish and per serving, and copy (examples) or duplicate (own) on each row; a star marks her favourites.
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconCopy, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DishSource } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { FavouriteStar, formatAmount, formatNumber, useFavourites } from '../../foods';
import { dishesPath, listDishes } from '../api/dishes-api';
import { DishPhoto } from './dish-photo';
import { useCopyDish } from './use-copy-dish';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

export function DishList() {
  const { t, i18n } = useTranslation(['foods', 'common']);
  useDocumentTitle(`${t('foods:dishes.title')} · ${t('common:appName')}`);
  const [params, setParams] = useSearchParams();
  const source: DishSource = params.get('origen') === 'ejemplos' ? 'examples' : 'own';
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const copy = useCopyDish();
  const favourites = useFavourites('dish');
  const dishes = useInfiniteQuery({
    queryKey: ['dishes', 'list', source, debounced.trim()],
    queryFn: ({ pageParam, signal }) => listDishes(dishesPath(debounced, pageParam, source), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = dishes.data?.pages.flatMap((p) => p.items) ?? [];
  const kcal = (value: number) => `${formatAmount(value, i18n.language, 'kcal')} kcal`;
  const examples = source === 'examples';
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
      <Tabs value={source} onChange={(value) => setParams(value === 'examples' ? { origen: 'ejemplos' } : {}, { replace: true })}>
        <Tabs.List>
          <Tabs.Tab value="own">{t('foods:dishes.tabOwn')}</Tabs.Tab>
          <Tabs.Tab value="examples">{t('foods:dishes.tabExamples')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {examples ? <Text size="sm" c="dimmed">{t('foods:dishes.examplesDescription')}</Text> : null}
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
          {debounced.trim() ? t('foods:dishes.noMatches') : examples ? t('foods:dishes.examplesEmpty') : t('foods:dishes.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover data-testid="dishes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={44}>
                    <VisuallyHidden>{t('foods:favourites.column')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th scope="col">{t('foods:list.name')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.servings')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.energyTotal')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:dishes.energyServing')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('foods:dishes.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((dish) => {
                  const label = dish.example ? t('foods:dishes.copyToMineNamed', { name: dish.name }) : t('foods:dishes.duplicateNamed', { name: dish.name });
                  return (
                    <Table.Tr key={dish.id}>
                      <Table.Td>
                        <FavouriteStar starred={favourites.ids.has(dish.id)} name={dish.name} onToggle={() => favourites.toggle(dish.id)} disabled={!favourites.ready} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <DishPhoto dish={dish} size="thumb" />
                          <Anchor component={Link} to={`/detalle-comida/${encodeURIComponent(dish.id)}`}>
                            {dish.name}
                          </Anchor>
                          {dish.example ? (
                            <Badge variant="light" color="grape" size="sm" style={{ flexShrink: 0 }}>
                              {t('foods:dishes.exampleBadge')}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(dish.servings, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{kcal(dish.totals.nutrients.energyKcal ?? 0)}</Table.Td>
                      <Table.Td ta="right">{kcal(dish.perServing.nutrients.energyKcal ?? 0)}</Table.Td>
                      <Table.Td ta="right">
                        <Tooltip label={label}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={label}
                            onClick={() => copy.mutate(dish)}
                            loading={copy.isPending && copy.variables?.id === dish.id}
                          >
                            <IconCopy size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
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
