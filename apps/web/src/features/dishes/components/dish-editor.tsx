// /nueva-comida and /editar-comida/:id: name, preparation, servings and ingredients — foods found in the
// cached catalogue and my other dishes — with the food calculator of seed 1 §4 running live
// (packages/domain): adding adds to the totals, re-adding a removed food un-deletes its line, removing
// subtracts, quantity or unit changes recalculate. Lines are keyed by a line id, so the same food can be
// in two lines; included dishes count in the live totals through includedDishLine() (packages/domain),
// the same computation the server does.
import { ActionIcon, Box, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { CatalogFood, Dish, DishIngredientInput, FoodDetail } from '@almendra/contracts';
import { DISH_DEFAULT_MEALS, DISH_MEAL_SLOTS } from '@almendra/contracts/constants';
import {
  activeLines,
  addFood,
  changeQuantity,
  changeUnit,
  createCalculator,
  FOOD_MATCH_TIER,
  deletedLineOf,
  includedDishLine,
  removeFood,
  scaleTotals,
  sumTotals,
  type CalculatorFood,
  type CalculatorState,
  type IncludedDish,
} from '@almendra/domain';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-error';
import { showError, showSuccess } from '../../../lib/toast';
import {
  filterDecimalInput,
  foodDetailQuery,
  formatAmount,
  HiddenHeader,
  isMeasureVisible,
  MacroHeaders,
  measureLabel,
  NutrientTable,
  parseDecimal,
  searchCatalog,
  useFoodCatalog,
  useOwnFoodCatalog,
} from '../../foods';
import { dishesApi, dishQuery, ownDishOptionsQuery, toDomainTotals } from '../api/dishes-api';
import { StickyActions } from '../../../components/sticky-actions';
import { useDishMealNames } from './use-dish-meal-names';
import { newDishMeals, visibleDishMeals } from '../lib/dish-meal-names';

const stopEnter = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

interface LineInfo {
  name: string;
  measures: FoodDetail['measures'];
}

/** One of my dishes included as an ingredient; removed lines stay (deleted) so a re-add revives them. */
interface NestedLine {
  id: string;
  dishId: string;
  name: string;
  quantity: string;
  unit: 'g' | 'serving';
  included: IncludedDish;
  deleted: boolean;
}

function calculatorFood(food: FoodDetail): CalculatorFood {
  return { id: food.id, nutrients: food.nutrients, measures: food.measures };
}

function includedOf(dish: Dish): IncludedDish {
  return { grams: dish.totals.grams, totals: toDomainTotals(dish.totals), servings: dish.servings };
}

export function DishEditorView({ mode }: { mode: 'new' | 'edit' }) {
  const { id = '' } = useParams();
  const dish = useQuery({ ...dishQuery(id), enabled: mode === 'edit' && Boolean(id) });
  if (mode === 'edit' && dish.isPending) return <PageLoader />;
  return <DishEditor dish={mode === 'edit' ? (dish.data ?? null) : null} key={dish.data?.id ?? 'new'} />;
}

function DishEditor({ dish }: { dish: Dish | null }) {
  const { t, i18n } = useTranslation(['foods', 'common']);
  const title = dish ? t('foods:dishes.editTitle') : t('foods:dishes.newTitle');
  useDocumentTitle(`${title} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalog = useFoodCatalog();
  const own = useOwnFoodCatalog();

  const [name, setName] = useState(dish?.name ?? '');
  const [description, setDescription] = useState(dish?.description ?? '');
  const [servings, setServings] = useState(dish ? String(dish.servings).replace('.', ',') : '1');
  // As her practice names them (Configuración › Comidas), by position; only the slots she uses, plus a slot
  // she switched off that the dish has (saved or ticked), marked as not in use.
  const { name: mealName, slots: practiceSlots } = useDishMealNames();
  // The meals it fits ("Proponer un día" places it only there): what was saved; for a new dish, until she
  // ticks any, lunch and dinner as far as her practice uses them (newDishMeals, once the slots load).
  const [pickedMeals, setMeals] = useState<string[] | null>(dish ? dish.meals.map(String) : null);
  const meals = useMemo(() => pickedMeals ?? newDishMeals(DISH_DEFAULT_MEALS, practiceSlots).map(String), [pickedMeals, practiceSlots]);
  const savedMeals = dish?.meals;
  const mealOptions = useMemo(
    () => visibleDishMeals(DISH_MEAL_SLOTS, [...(savedMeals ?? []), ...meals.map(Number)], practiceSlots),
    [savedMeals, meals, practiceSlots],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<CalculatorState>(createCalculator);
  const [info, setInfo] = useState<Record<string, LineInfo>>({});
  const [rawQuantities, setRawQuantities] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(Boolean(dish));
  const [search, setSearch] = useState('');
  const [nested, setNested] = useState<NestedLine[]>([]);
  const [dishSearch, setDishSearch] = useState('');
  const lineCounter = useRef(0);
  const newLineId = () => `new-${++lineCounter.current}`;
  const dishOptions = useQuery(ownDishOptionsQuery());

  // Editing: load the full values of every food ingredient and the totals of every included dish, and
  // replay them into the calculator, one line per saved ingredient.
  useEffect(() => {
    if (!dish) return;
    let cancelled = false;
    const foods = dish.ingredients.filter((i) => i.kind === 'food' && i.foodId);
    const dishes = dish.ingredients.filter((i) => i.kind === 'dish' && i.dishId);
    void Promise.all([
      Promise.all(foods.map((i) => queryClient.fetchQuery(foodDetailQuery(i.foodId!)))),
      Promise.all(dishes.map((i) => queryClient.fetchQuery(dishQuery(i.dishId!)))),
    ])
      .then(([details, includedDishes]) => {
        if (cancelled) return;
        let next = createCalculator();
        const nextInfo: Record<string, LineInfo> = {};
        const nextRaw: Record<string, string> = {};
        details.forEach((food, n) => {
          const ingredient = foods[n]!;
          const lineId = `line-${ingredient.position}`;
          const unit = ingredient.measure.kind === 'measure' && ingredient.measure.position ? ingredient.measure.position : 'g';
          next = addFood(next, calculatorFood(food), ingredient.quantity, unit, lineId);
          nextInfo[lineId] = { name: food.name, measures: food.measures };
          nextRaw[lineId] = String(ingredient.quantity).replace('.', ',');
        });
        setState(next);
        setInfo(nextInfo);
        setRawQuantities(nextRaw);
        setNested(
          includedDishes.map((included, n) => {
            const ingredient = dishes[n]!;
            return {
              id: `line-${ingredient.position}`,
              dishId: included.id,
              name: included.name,
              quantity: String(ingredient.quantity).replace('.', ','),
              unit: ingredient.measure.kind === 'serving' ? 'serving' : 'g',
              included: includedOf(included),
              deleted: false,
            };
          }),
        );
      })
      .catch(showError)
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [dish, queryClient]);

  const ready = catalog.isSuccess || own.isSuccess;
  const results = useMemo(
    // The cached search runs on every keystroke (no debounce): Enter must act on what is on screen.
    () => (ready && search.trim().length >= 2 ? searchCatalog(search, { limit: 8 }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, ready, catalog.data, own.data],
  );

  // Enter adds only an option the nutritionist can see is chosen: one highlighted with the arrow keys, or
  // the first result when it is a whole-word match of the typed name (tier firstWord: 'papa' → a potato).
  // While a word is half typed ('pap') nothing is chosen, so Enter never adds "Papada de cerdo" by accident.
  // A highlight belongs to the text it was made for: typing forgets it.
  const [highlightFor, setHighlightFor] = useState<{ search: string; index: number }>({ search: '', index: -1 });
  const highlight = highlightFor.search === search ? highlightFor.index : -1;
  const setHighlight = (index: number) => setHighlightFor({ search, index });
  const chosen = highlight >= 0 && highlight < results.length ? highlight : results[0]?.tier === FOOD_MATCH_TIER.firstWord ? 0 : -1;
  const optionId = (index: number) => `ingredient-option-${index}`;

  const add = async (food: CatalogFood) => {
    try {
      const detail = await queryClient.fetchQuery(foodDetailQuery(food.id));
      // Re-adding a removed food revives its line (spec §4); otherwise it is a new line, even when the
      // food is already in another line.
      const lineId = deletedLineOf(state, detail.id) ?? newLineId();
      setState((current) => addFood(current, calculatorFood(detail), 100, 'g', lineId));
      setInfo((current) => ({ ...current, [lineId]: { name: detail.name, measures: detail.measures } }));
      setRawQuantities((current) => ({ ...current, [lineId]: '100' }));
      setSearch('');
    } catch (error) {
      showError(error);
    }
  };

  const addDish = async (dishId: string) => {
    try {
      const included = await queryClient.fetchQuery(dishQuery(dishId));
      setNested((current) => {
        const removed = current.find((l) => l.dishId === dishId && l.deleted);
        const line: NestedLine = {
          id: removed?.id ?? newLineId(),
          dishId,
          name: included.name,
          quantity: '1',
          unit: 'serving',
          included: includedOf(included),
          deleted: false,
        };
        return removed ? current.map((l) => (l.id === removed.id ? line : l)) : [...current, line];
      });
    } catch (error) {
      showError(error);
    }
  };

  const updateNested = (lineId: string, change: Partial<NestedLine>) =>
    setNested((current) => current.map((l) => (l.id === lineId ? { ...l, ...change } : l)));

  const lines = activeLines(state);
  const nestedLines = nested.filter((l) => !l.deleted);
  const nestedResults = useMemo(
    () => nested.filter((l) => !l.deleted).map((l) => ({ line: l, result: includedDishLine(l.included, l.quantity, l.unit) })),
    [nested],
  );
  const totals = useMemo(() => sumTotals([state.totals, ...nestedResults.map((n) => n.result.amounts)]), [state.totals, nestedResults]);
  const totalGrams = lines.reduce((sum, l) => sum + l.grams, 0) + nestedResults.reduce((sum, n) => sum + n.result.grams, 0);
  const servingsNumber = parseDecimal(servings) ?? 0;
  const perServing = useMemo(() => scaleTotals(totals, servingsNumber > 0 ? 1 / servingsNumber : 0), [totals, servingsNumber]);
  const includable = (dishOptions.data?.items ?? [])
    .filter((d) => d.id !== dish?.id)
    .map((d) => ({ value: d.id, label: d.name }));

  const save = useMutation({
    mutationFn: () => {
      const ingredients: DishIngredientInput[] = [
        ...lines.map((line) => ({ foodId: line.food.id, quantity: line.quantity, measure: line.unit })),
        ...nestedLines.map((l) => ({ dishId: l.dishId, quantity: parseDecimal(l.quantity) ?? 0, measure: l.unit })),
      ];
      const body = { name: name.trim(), description: description.trim() || null, servings: servingsNumber, ingredients, meals: meals.map(Number).sort((a, b) => a - b) };
      return dish ? dishesApi.update(dish.id, { ...body, version: dish.version }) : dishesApi.create(body);
    },
    meta: { silent: true },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['dishes'] });
      showSuccess(t('foods:dishes.savedTitle'), t('foods:dishes.savedMessage', { name: saved.name }));
      void navigate(`/detalle-comida/${encodeURIComponent(saved.id)}`);
    },
    onError: (error) => {
      if (isApiError(error) && Array.isArray(error.details)) {
        const next: Record<string, string> = {};
        for (const d of error.details as { path?: string; message?: string }[]) if (d.path && d.message) next[d.path] = d.message;
        setErrors(next);
      }
      showError(error);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t('foods:dishes.nameRequired');
    if (!(servingsNumber > 0)) next.servings = t('foods:dishes.servingsRequired');
    if (meals.length === 0) next.meals = t('foods:dishes.mealsRequired');
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate();
  };

  const g = (value: number) => formatAmount(value, i18n.language);
  if (loading) return <PageLoader />;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('foods:dishes.editorDescription')}</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('foods:dishes.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={stopEnter} error={errors.name} style={{ gridColumn: 'span 2' }} />
            <TextInput
              label={t('foods:dishes.servings')}
              required
              inputMode="decimal"
              value={servings}
              onChange={(e) => setServings(filterDecimalInput(e.currentTarget.value))}
              onKeyDown={stopEnter}
              error={errors.servings}
            />
          </SimpleGrid>
          <AutoTextarea mt="sm" label={t('foods:dishes.descriptionLabel')} minRows={2} max={2000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Checkbox.Group
            mt="sm"
            label={t('foods:dishes.meals')}
            description={t('foods:dishes.mealsHelp')}
            value={meals}
            onChange={(value) => {
              setMeals(value);
              setErrors(({ meals: _done, ...rest }) => rest);
            }}
            error={errors.meals}
            data-testid="dish-meals"
          >
            <Group gap="md" mt={6}>
              {mealOptions.map(({ slot, unused }) => (
                <Checkbox
                  key={slot}
                  value={String(slot)}
                  label={
                    unused ? (
                      <>
                        {mealName(slot)}{' '}
                        <Text span size="sm" c="dimmed">
                          ({t('foods:dishes.mealUnused')})
                        </Text>
                      </>
                    ) : (
                      mealName(slot)
                    )
                  }
                />
              ))}
            </Group>
          </Checkbox.Group>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('foods:dishes.ingredients')}
          </Title>
          <TextInput
            label={t('foods:dishes.searchIngredient')}
            placeholder={t('foods:dishes.searchIngredientPlaceholder')}
            description={ready ? t('foods:dishes.searchIngredientHelp') : t('foods:dishes.catalogLoading')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls="ingredient-results"
            aria-autocomplete="list"
            aria-activedescendant={chosen >= 0 ? optionId(chosen) : undefined}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                if (results.length === 0) return;
                event.preventDefault();
                const from = chosen;
                setHighlight(event.key === 'ArrowDown' ? Math.min(results.length - 1, from + 1) : Math.max(0, from - 1));
                return;
              }
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (chosen >= 0) void add(results[chosen]!.item);
            }}
            data-testid="ingredient-search"
          />
          {results.length > 0 ? (
            <Stack gap={0} mt="xs" role="listbox" id="ingredient-results" aria-label={t('foods:dishes.results')} data-testid="ingredient-results">
              {results.map(({ item }, index) => (
                <Box
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === chosen}
                  data-highlighted={index === chosen || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void add(item)}
                  p="xs"
                  style={{
                    cursor: 'pointer',
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                    background: index === chosen ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      <IconPlus size={14} aria-hidden /> {item.nameEs || item.nameEn}
                      {item.brand ? ` · ${item.brand}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.energyKcal === null ? '' : `${formatAmount(item.energyKcal, i18n.language, 'kcal')} kcal / 100 g`}
                    </Text>
                  </Group>
                </Box>
              ))}
            </Stack>
          ) : null}

          <Select
            mt="sm"
            label={t('foods:dishes.addDish')}
            placeholder={t('foods:dishes.addDishPlaceholder')}
            searchable
            clearable
            value={null}
            searchValue={dishSearch}
            onSearchChange={setDishSearch}
            data={includable}
            nothingFoundMessage={t('foods:dishes.noDishOptions')}
            onChange={(value) => {
              setDishSearch('');
              if (value) void addDish(value);
            }}
            data-testid="add-dish"
            maw={480}
          />

          {lines.length === 0 && nestedLines.length === 0 ? (
            <Text c="dimmed" mt="md" data-testid="no-ingredients">
              {t('foods:dishes.noIngredients')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={760} mt="md">
              <Table data-testid="editor-ingredients">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('foods:dishes.ingredient')}</Table.Th>
                    <Table.Th scope="col">{t('foods:detail.quantity')}</Table.Th>
                    <Table.Th scope="col">{t('foods:detail.unit')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('foods:detail.weight')}</Table.Th>
                    <MacroHeaders />
                    <HiddenHeader label={t('foods:dishes.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line) => {
                    const lineInfo = info[line.id];
                    const lineName = lineInfo?.name ?? line.food.id;
                    return (
                      <Table.Tr key={line.id} data-testid="ingredient-line">
                        <Table.Td>{lineName}</Table.Td>
                        <Table.Td>
                          <TextInput
                            aria-label={t('foods:dishes.quantityOf', { name: lineName })}
                            inputMode="decimal"
                            w={90}
                            value={rawQuantities[line.id] ?? String(line.quantity)}
                            onKeyDown={stopEnter}
                            onChange={(e) => {
                              const raw = filterDecimalInput(e.currentTarget.value);
                              setRawQuantities((current) => ({ ...current, [line.id]: raw }));
                              setState((current) => changeQuantity(current, line.id, raw));
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={t('foods:dishes.unitOf', { name: lineName })}
                            w={220}
                            allowDeselect={false}
                            value={String(line.unit)}
                            data={[
                              { value: 'g', label: t('foods:grams') },
                              // Spanish screens list only measures said fully in Spanish; the one already chosen stays.
                              ...(lineInfo?.measures ?? [])
                                .filter((m) => m.position === line.unit || isMeasureVisible(m.description, i18n.language))
                                .map((m) => ({ value: String(m.position), label: measureLabel(m, i18n.language) })),
                            ]}
                            onChange={(value) => setState((current) => changeUnit(current, line.id, !value || value === 'g' ? 'g' : Number(value)))}
                          />
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{g(line.grams)} g</Table.Td>
                        <Table.Td ta="right">{formatAmount(line.amounts.values.energyKcal, i18n.language, 'kcal')}</Table.Td>
                        <Table.Td ta="right">{g(line.amounts.values.proteinG)}</Table.Td>
                        <Table.Td ta="right">{g(line.amounts.values.fatG)}</Table.Td>
                        <Table.Td ta="right">{g(line.amounts.values.carbohydrateG)}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('foods:dishes.removeIngredient', { name: lineName })}
                            onClick={() => setState((current) => removeFood(current, line.id))}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                  {nestedResults.map(({ line, result }) => (
                    <Table.Tr key={line.id} data-testid="nested-dish-line">
                      <Table.Td>
                        {line.name}
                        <Text size="xs" c="dimmed">
                          {t('foods:dishes.nestedDish')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('foods:dishes.quantityOf', { name: line.name })}
                          inputMode="decimal"
                          w={90}
                          value={line.quantity}
                          onKeyDown={stopEnter}
                          onChange={(e) => updateNested(line.id, { quantity: filterDecimalInput(e.currentTarget.value) })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('foods:dishes.unitOf', { name: line.name })}
                          w={220}
                          allowDeselect={false}
                          value={line.unit}
                          data={[
                            { value: 'serving', label: t('foods:dishes.servingUnit') },
                            { value: 'g', label: t('foods:grams') },
                          ]}
                          onChange={(value) => updateNested(line.id, { unit: value === 'g' ? 'g' : 'serving' })}
                        />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{g(result.grams)} g</Table.Td>
                      <Table.Td ta="right">{formatAmount(result.amounts.values.energyKcal, i18n.language, 'kcal')}</Table.Td>
                      <Table.Td ta="right">{g(result.amounts.values.proteinG)}</Table.Td>
                      <Table.Td ta="right">{g(result.amounts.values.fatG)}</Table.Td>
                      <Table.Td ta="right">{g(result.amounts.values.carbohydrateG)}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('foods:dishes.removeIngredient', { name: line.name })}
                          onClick={() => updateNested(line.id, { deleted: true })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>

        <div>
          <Title order={2} size="h4" mb="xs">
            {t('foods:dishes.liveTotals')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm" data-testid="editor-weight">
            {t('foods:dishes.totalWeight', { grams: g(totalGrams) })}
          </Text>
          <NutrientTable
            testId="editor-nutrients"
            columns={[
              { id: 'total', label: t('foods:dishes.total'), totals },
              { id: 'serving', label: t('foods:dishes.perServing'), totals: perServing },
            ]}
          />
        </div>

        <StickyActions>
          <Button variant="default" onClick={() => void navigate(dish ? `/detalle-comida/${encodeURIComponent(dish.id)}` : '/platos')}>
            {t('foods:cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('foods:dishes.save')}
          </Button>
        </StickyActions>
      </Stack>
    </form>
  );
}
