// /alimentos: search as you type (500 ms debounce → GET /foods?q=), group filter, database / own tabs,
// cursor pagination ('Cargar más') and links to the detail; a star marks her favourites (issue 28). On a phone
// (below 48em) each food is a card — name, group, energy and star — instead of a seven-column table that
// scrolled sideways (as the Trabajos panel does).
import { Anchor, Button, Group, Select, Stack, Table, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { HiddenHeader, MacroHeaders } from './table-headers';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconMessagePlus, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FoodSummary } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { intlLocale } from '../../../lib/i18n';
import { foodGroupsQuery, foodListQuery, type FoodTab } from '../api/foods-api';
import { formatAmount } from './format';
import { FavouriteStar, useFavourites } from './favourite-star';
import { CardList, ListCard } from './list-cards';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

export function FoodsList() {
  const { t, i18n } = useTranslation(['foods', 'common']);
  useDocumentTitle(`${t('foods:list.title')} · ${t('common:appName')}`);
  const [tab, setTab] = useState<FoodTab>('database');
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const groups = useQuery(foodGroupsQuery());
  const english = i18n.language.startsWith('en');

  const foods = useInfiniteQuery(foodListQuery(tab, debounced, group));
  const items = foods.data?.pages.flatMap((p) => p.items) ?? [];
  const total = foods.data?.pages[0]?.total ?? 0;
  const favourites = useFavourites('food');
  // Read before the first paint: a phone never draws the table first.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('foods:list.title')}</Title>
          <Text c="dimmed">{t('foods:list.description')}</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/nuevo-alimento" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('foods:list.newFood')}
          </Button>
          <Button component={Link} to="/nuevo-request" variant="light" leftSection={<IconMessagePlus size={18} aria-hidden />}>
            {t('foods:list.requestFood')}
          </Button>
          <Button component={Link} to="/option-food" variant="subtle" leftSection={<IconSettings size={18} aria-hidden />}>
            {t('foods:list.options')}
          </Button>
        </Group>
      </Group>

      <Tabs value={tab} onChange={(value) => setTab((value as FoodTab) ?? 'database')}>
        <Tabs.List>
          <Tabs.Tab value="database">{t('foods:list.tabDatabase')}</Tabs.Tab>
          <Tabs.Tab value="own">{t('foods:list.tabOwn')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <Group align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          label={t('foods:list.search')}
          placeholder={t('foods:list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          maw={480}
          data-testid="food-search"
        />
        <Select
          label={t('foods:list.group')}
          placeholder={t('foods:list.allGroups')}
          data={(groups.data ?? []).map((g) => ({ value: g.code, label: english ? g.nameEn : g.name }))}
          value={group}
          onChange={setGroup}
          clearable
          searchable
          maw={320}
        />
      </Group>

      {foods.isPending ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="foods-empty">
          {tab === 'own' && !debounced.trim() ? t('foods:list.emptyOwn') : t('foods:list.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="foods-total" aria-live="polite">
            {t('foods:list.total', { count: total, formatted: new Intl.NumberFormat(intlLocale(i18n.language)).format(total) })}
          </Text>
          {phone ? (
            <CardList testId="foods-cards" label={t('foods:list.title')}>
              {items.map((food) => (
                <FoodCard key={food.id} food={food} english={english} starred={favourites.ids.has(food.id)} onStar={() => favourites.toggle(food.id)} starReady={favourites.ready} />
              ))}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover data-testid="foods-table">
                <Table.Thead>
                  <Table.Tr>
                    <HiddenHeader label={t('foods:favourites.column')} w={44} />
                    <Table.Th scope="col">{t('foods:list.name')}</Table.Th>
                    <Table.Th scope="col">{t('foods:list.group')}</Table.Th>
                    <MacroHeaders />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((food) => (
                    <FoodRow key={food.id} food={food} english={english} starred={favourites.ids.has(food.id)} onStar={() => favourites.toggle(food.id)} starReady={favourites.ready} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {foods.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" onClick={() => void foods.fetchNextPage()} loading={foods.isFetchingNextPage}>
                {t('foods:list.loadMore')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

interface FoodLineProps {
  food: FoodSummary;
  english: boolean;
  starred: boolean;
  onStar: () => void;
  starReady: boolean;
}

/** The food's name linking to its detail, then its brand and "Argentina" dimmed. */
function FoodName({ food, name }: { food: FoodSummary; name: string }) {
  const { t } = useTranslation('foods');
  return (
    <>
      <Anchor component={Link} to={`/detalle-alimento?id=${encodeURIComponent(food.id)}`}>
        {name}
      </Anchor>
      {food.brand ? (
        <Text span size="sm" c="dimmed">
          {' '}
          · {food.brand}
        </Text>
      ) : null}
      {food.source === 'argentina' ? (
        <Text span size="sm" c="dimmed">
          {' '}
          · {t('source.argentinaShort')}
        </Text>
      ) : null}
    </>
  );
}

/** A phone's food: name (wrapping) over its group on the left; energy per 100 g and the star on the right. */
function FoodCard({ food, english, starred, onStar, starReady }: FoodLineProps) {
  const { t, i18n } = useTranslation('foods');
  const name = english ? food.nameEn || food.name : food.name;
  return (
    <ListCard
      testId="food-card"
      aside={
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="food-card-energy">
            <VisuallyHidden>{t('macros.energy')}: </VisuallyHidden>
            {food.energyKcal === null ? '—' : `${formatAmount(food.energyKcal, i18n.language, 'kcal')} kcal`}
          </Text>
          <FavouriteStar starred={starred} name={name} onToggle={onStar} disabled={!starReady} />
        </>
      }
    >
      <Text size="sm">
        <FoodName food={food} name={name} />
      </Text>
      <Text size="xs" c="dimmed">
        {food.group ? (english ? food.group.nameEn : food.group.name) : '—'}
      </Text>
    </ListCard>
  );
}

function FoodRow({ food, english, starred, onStar, starReady }: FoodLineProps) {
  const { i18n } = useTranslation('foods');
  const name = english ? food.nameEn || food.name : food.name;
  const cell = (value: number | null, unit: string) => (value === null ? '—' : `${formatAmount(value, i18n.language, unit)}`);
  return (
    <Table.Tr>
      <Table.Td>
        <FavouriteStar starred={starred} name={name} onToggle={onStar} disabled={!starReady} />
      </Table.Td>
      <Table.Td>
        <FoodName food={food} name={name} />
      </Table.Td>
      <Table.Td>{food.group ? (english ? food.group.nameEn : food.group.name) : '—'}</Table.Td>
      <Table.Td ta="right">{cell(food.energyKcal, 'kcal')}</Table.Td>
      <Table.Td ta="right">{cell(food.proteinG, 'g')}</Table.Td>
      <Table.Td ta="right">{cell(food.fatG, 'g')}</Table.Td>
      <Table.Td ta="right">{cell(food.carbohydrateG, 'g')}</Table.Td>
    </Table.Tr>
  );
}
