// /detalle-comida/:id: a dish's photo, preparation, ingredients, totals for the whole dish and per serving
// (grouped nutrients); edit, duplicate, photo and delete for own dishes; an example is read-only with
// 'Copiar a mis platos'.
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Dish, DishIngredient } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../foods/components/confirm-dialog';
import { formatAmount, formatNumber, MacroHeaders, measureName, NutrientTable } from '../../foods';
import { dishesApi, dishQuery, toDomainTotals } from '../api/dishes-api';
import { DishPhoto, DishPhotoControls } from './dish-photo';
import { useCopyDish } from './use-copy-dish';
import { useDishMealNames } from './use-dish-meal-names';

export function ingredientQuantityLabel(ingredient: DishIngredient, language: string, servingsLabel: string): string {
  const quantity = formatNumber(ingredient.quantity, language);
  if (ingredient.measure.kind === 'g') return `${quantity} g`;
  if (ingredient.measure.kind === 'serving') return `${quantity} ${servingsLabel}`;
  return `${quantity} × ${measureName(ingredient.measure.description ?? '', language)}`;
}

export function DishDetailView() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['foods', 'common']);
  const dish = useQuery(dishQuery(id));
  useDocumentTitle(`${dish.data?.name ?? t('foods:dishes.detailTitle')} · ${t('common:appName')}`);
  if (dish.isPending) return <PageLoader />;
  if (!dish.data) return <Text data-testid="dish-missing">{t('foods:dishes.missing')}</Text>;
  return <DishProfile dish={dish.data} />;
}

function DishProfile({ dish }: { dish: Dish }) {
  const { t, i18n } = useTranslation(['foods', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const copy = useCopyDish();
  const { names: mealNames } = useDishMealNames();
  const remove = useMutation({
    mutationFn: () => dishesApi.remove(dish.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['dishes'] });
      showSuccess(t('foods:dishes.deletedTitle'), t('foods:dishes.deletedMessage', { name: dish.name }));
      void navigate('/platos');
    },
  });
  const g = (value: number) => formatAmount(value, i18n.language);
  return (
    <Stack gap="lg">
      <ConfirmDialog
        opened={confirming}
        title={t('foods:dishes.deleteTitle')}
        message={t('foods:dishes.deleteConfirm', { name: dish.name })}
        confirmLabel={t('foods:dishes.delete')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
      />
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} data-testid="dish-name">
              {dish.name}
            </Title>
            {dish.example ? (
              <Badge variant="light" color="grape" data-testid="dish-example-badge">
                {t('foods:dishes.exampleBadge')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" mt={4} data-testid="dish-servings">
            {t('foods:dishes.servingsAndWeight', { count: dish.servings, servings: formatNumber(dish.servings, i18n.language), grams: g(dish.totals.grams) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="dish-meals">
            {t('foods:dishes.mealsLine', { meals: mealNames(dish.meals) })}
          </Text>
        </div>
        <Group gap="sm">
          {dish.example ? (
            <Button onClick={() => copy.mutate(dish)} loading={copy.isPending} leftSection={<IconCopy size={18} aria-hidden />}>
              {t('foods:dishes.copyToMine')}
            </Button>
          ) : (
            <>
              <Button component={Link} to={`/editar-comida/${encodeURIComponent(dish.id)}`} variant="light" leftSection={<IconPencil size={18} aria-hidden />}>
                {t('foods:dishes.edit')}
              </Button>
              <Button variant="default" onClick={() => copy.mutate(dish)} loading={copy.isPending} leftSection={<IconCopy size={18} aria-hidden />}>
                {t('foods:dishes.duplicate')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(true)} leftSection={<IconTrash size={18} aria-hidden />}>
                {t('foods:dishes.delete')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {dish.example ? <Alert variant="light" color="grape">{t('foods:dishes.exampleNotice')}</Alert> : null}
      {dish.hasPhoto || !dish.example ? (
        <Stack gap="xs">
          <DishPhoto dish={dish} size="large" />
          {dish.example ? null : <DishPhotoControls dish={dish} />}
        </Stack>
      ) : null}
      {dish.description ? (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t('foods:dishes.preparation')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="dish-preparation">
            {dish.description}
          </Text>
        </Paper>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('foods:dishes.ingredients')}
        </Title>
        {dish.ingredients.length === 0 ? (
          <Text c="dimmed">{t('foods:dishes.noIngredients')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="dish-ingredients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('foods:dishes.ingredient')}</Table.Th>
                  <Table.Th scope="col">{t('foods:detail.quantity')}</Table.Th>
                  <Table.Th scope="col" ta="right">{t('foods:detail.weight')}</Table.Th>
                  <MacroHeaders />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dish.ingredients.map((ingredient) => (
                  <Table.Tr key={ingredient.position}>
                    <Table.Td>{ingredient.name}</Table.Td>
                    <Table.Td>{ingredientQuantityLabel(ingredient, i18n.language, t('foods:dishes.servingUnit'))}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{g(ingredient.grams)} g</Table.Td>
                    <Table.Td ta="right">{formatAmount(ingredient.energyKcal, i18n.language, 'kcal')}</Table.Td>
                    <Table.Td ta="right">{g(ingredient.proteinG)}</Table.Td>
                    <Table.Td ta="right">{g(ingredient.fatG)}</Table.Td>
                    <Table.Td ta="right">{g(ingredient.carbohydrateG)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <NutrientTable
        testId="dish-nutrients"
        columns={[
          { id: 'total', label: t('foods:dishes.total'), totals: toDomainTotals(dish.totals) },
          { id: 'serving', label: t('foods:dishes.perServing'), totals: toDomainTotals(dish.perServing) },
        ]}
      />
    </Stack>
  );
}
