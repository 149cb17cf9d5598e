// /platos: my dishes and the shipped examples (tabs), searched as you type (500 ms), with photo, totals
// per dish and per serving, the meals each fits (as her practice names them), and copy (examples) or
// duplicate (own) on each row; a star marks her favourites. On a phone (below 48em) each dish is a card —
// photo, name, servings and energy per serving, "Va en: …", star and copy — as /alimentos does, instead of
// the table that scrolled sideways.
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Dish, DishSource } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { CardList, FavouriteStar, formatAmount, formatNumber, HiddenHeader, ListCard, useFavourites } from '../../foods';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { dishesPath, listDishes } from '../api/dishes-api';
import { DishPhoto } from './dish-photo';
import { useCopyDish } from './use-copy-dish';
import { useDishMealNames } from './use-dish-meal-names';
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
  const { names: mealNames } = useDishMealNames();
  // Read before the first paint: a phone never draws the table first.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
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
          {phone ? (
            <CardList testId="dishes-cards" label={t('foods:dishes.title')}>
              {items.map((dish) => (
                <ListCard
                  key={dish.id}
                  testId="dish-card"
                  leading={<DishPhoto dish={dish} size="thumb" />}
                  aside={
                    <>
                      <FavouriteStar starred={favourites.ids.has(dish.id)} name={dish.name} onToggle={() => favourites.toggle(dish.id)} disabled={!favourites.ready} />
                      <CopyButton dish={dish} copy={copy} />
                    </>
                  }
                >
                  <Text size="sm">
                    <DishName dish={dish} />
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="dish-card-energy">
                    {t('foods:dishes.cardServings', { count: dish.servings, servings: formatNumber(dish.servings, i18n.language), energy: kcal(dish.perServing.nutrients.energyKcal ?? 0) })}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="dish-card-meals">
                    {t('foods:dishes.mealsLine', { meals: mealNames(dish.meals) })}
                  </Text>
                </ListCard>
              ))}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover data-testid="dishes-table">
                <Table.Thead>
                  <Table.Tr>
                    <HiddenHeader label={t('foods:favourites.column')} w={44} />
                    <Table.Th scope="col">{t('foods:list.name')}</Table.Th>
                    {/* Wide enough for two meals on a line ("Desayuno · Merienda"), the usual case. */}
                    <Table.Th scope="col" miw={180}>
                      {t('foods:dishes.mealsColumn')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">{t('foods:dishes.servings')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('foods:dishes.energyTotal')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('foods:dishes.energyServing')}</Table.Th>
                    <HiddenHeader label={t('foods:dishes.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((dish) => (
                    <Table.Tr key={dish.id}>
                      <Table.Td>
                        <FavouriteStar starred={favourites.ids.has(dish.id)} name={dish.name} onToggle={() => favourites.toggle(dish.id)} disabled={!favourites.ready} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <DishPhoto dish={dish} size="thumb" />
                          <div>
                            <DishName dish={dish} />
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td data-testid="dish-row-meals">
                        <Text size="sm">{mealNames(dish.meals)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(dish.servings, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{kcal(dish.totals.nutrients.energyKcal ?? 0)}</Table.Td>
                      <Table.Td ta="right">{kcal(dish.perServing.nutrients.energyKcal ?? 0)}</Table.Td>
                      <Table.Td ta="right">
                        <CopyButton dish={dish} copy={copy} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
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

/** The dish's name linking to its page, and the "Ejemplo" badge for a shipped example. */
function DishName({ dish }: { dish: Dish }) {
  const { t } = useTranslation('foods');
  return (
    <>
      <Anchor component={Link} to={`/detalle-comida/${encodeURIComponent(dish.id)}`}>
        {dish.name}
      </Anchor>
      {dish.example ? (
        <Badge variant="light" color="grape" size="sm" ml="xs" style={{ verticalAlign: 'middle' }}>
          {t('dishes.exampleBadge')}
        </Badge>
      ) : null}
    </>
  );
}

/** Copy an example to her dishes, or duplicate one of hers. */
function CopyButton({ dish, copy }: { dish: Dish; copy: ReturnType<typeof useCopyDish> }) {
  const { t } = useTranslation('foods');
  const label = dish.example ? t('dishes.copyToMineNamed', { name: dish.name }) : t('dishes.duplicateNamed', { name: dish.name });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={() => copy.mutate(dish)} loading={copy.isPending && copy.variables?.id === dish.id}>
        <IconCopy size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
