// /detalle-alimento?id=…: the full nutrient profile per 100 g (values rounded to 1 decimal, as the spec
// rounds before scaling) and for a chosen quantity and household measure, recomputed live with the domain.
import { Badge, Button, Group, List, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FoodDetail } from '@almendra/contracts';
import { quantityInGrams, scaleNutrients, toNutrientNumber, unitFactor, type NutrientTotals } from '@almendra/domain';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { foodDetailQuery, foodsApi } from '../api/foods-api';
import { filterDecimalInput, formatAmount, measureLabel, visibleMeasures } from './format';
import { ConfirmDialog } from './confirm-dialog';
import { NutrientTable } from './nutrient-table';

export function FoodDetailView() {
  const { t } = useTranslation(['foods', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const food = useQuery(foodDetailQuery(id));
  useDocumentTitle(`${food.data?.name ?? t('foods:detail.title')} · ${t('common:appName')}`);
  if (!id) return <Text data-testid="food-missing">{t('foods:detail.missing')}</Text>;
  if (food.isPending) return <PageLoader />;
  if (!food.data) return <Text data-testid="food-missing">{t('foods:detail.missing')}</Text>;
  return <FoodProfile food={food.data} />;
}

function FoodProfile({ food }: { food: FoodDetail }) {
  const { t, i18n } = useTranslation(['foods', 'common']);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState('100');
  const [unit, setUnit] = useState('g');

  // Positions stay the food's own (dishes and plans refer to them); only what is shown is filtered.
  const measures = food.measures;
  const shownMeasures = useMemo(() => visibleMeasures(food.measures, i18n.language), [food.measures, i18n.language]);
  const per100: NutrientTotals = useMemo(() => scaleNutrients(food.nutrients, 100), [food]);
  const chosen: NutrientTotals = useMemo(() => {
    const factor = unitFactor(unit === 'g' ? 'g' : Number(unit), measures);
    return scaleNutrients(food.nutrients, quantityInGrams(toNutrientNumber(quantity), factor));
  }, [food, measures, quantity, unit]);
  const grams = quantityInGrams(toNutrientNumber(quantity), unitFactor(unit === 'g' ? 'g' : Number(unit), measures));

  const deactivate = useMutation({
    mutationFn: () => foodsApi.deactivate(food.id),
    onSuccess: async () => {
      // Dishes (and their cached totals) are computed from the food's current values.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['foods'] }), queryClient.invalidateQueries({ queryKey: ['dishes'] })]);
      showSuccess(t('foods:detail.deactivatedTitle'), t('foods:detail.deactivatedMessage'));
      void navigate('/alimentos');
    },
  });
  const [confirming, setConfirming] = useState(false);
  const confirmDeactivate = () => setConfirming(true);

  return (
    <Stack gap="lg">
      <ConfirmDialog
        opened={confirming}
        title={t('foods:detail.deactivateTitle')}
        message={t('foods:detail.deactivateConfirm', { name: food.name })}
        confirmLabel={t('foods:detail.deactivate')}
        onConfirm={() => deactivate.mutate()}
        onClose={() => setConfirming(false)}
        loading={deactivate.isPending}
      />
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} data-testid="food-name">
            {english ? food.nameEn || food.name : food.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="light">{t(`foods:source.${food.source}`)}</Badge>
            {food.group ? <Badge variant="default">{english ? food.group.nameEn : food.group.name}</Badge> : null}
            {food.deactivated ? <Badge color="gray">{t('foods:detail.deactivated')}</Badge> : null}
          </Group>
          {!english && food.nameEn ? (
            <Text c="dimmed" size="sm" mt={4}>
              {t('foods:detail.sourceName', { name: food.nameEn })}
            </Text>
          ) : null}
          {food.provenance ? (
            <Text c="dimmed" size="sm" mt={4} maw={760} data-testid="food-provenance">
              {t('foods:provenance')}: {food.provenance}
            </Text>
          ) : null}
          {food.brand ? <Text size="sm">{t('foods:detail.brand', { brand: food.brand })}</Text> : null}
        </div>
        {food.source === 'own' && !food.deactivated ? (
          <Group gap="sm">
            <Button component={Link} to={`/nuevo-alimento?id=${encodeURIComponent(food.id)}`} variant="light" leftSection={<IconPencil size={18} aria-hidden />}>
              {t('foods:detail.edit')}
            </Button>
            <Button variant="default" onClick={confirmDeactivate} leftSection={<IconTrash size={18} aria-hidden />}>
              {t('foods:detail.deactivate')}
            </Button>
          </Group>
        ) : null}
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={t('foods:detail.quantity')}
            inputMode="decimal"
            value={quantity}
            onChange={(event) => setQuantity(filterDecimalInput(event.currentTarget.value))}
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
          <Select
            label={t('foods:detail.unit')}
            data={[{ value: 'g', label: t('foods:grams') }, ...shownMeasures.map((m) => ({ value: String(m.position), label: measureLabel(m, i18n.language) }))]}
            value={unit}
            onChange={(value) => setUnit(value ?? 'g')}
            allowDeselect={false}
          />
          <div>
            <Text size="sm" fw={500}>
              {t('foods:detail.weight')}
            </Text>
            <Text fz="lg" data-testid="chosen-grams">
              {formatAmount(grams, i18n.language)} g
            </Text>
          </div>
        </SimpleGrid>
      </Paper>

      <NutrientTable
        testId="food-nutrients"
        columns={[
          { id: 'per100', label: t('foods:detail.per100'), totals: per100 },
          { id: 'chosen', label: t('foods:detail.forQuantity'), totals: chosen },
        ]}
      />

      <div>
        <Title order={2} size="h4">
          {t('foods:detail.measures')}
        </Title>
        {shownMeasures.length === 0 ? (
          <Text c="dimmed">{t('foods:detail.noMeasures')}</Text>
        ) : (
          <List data-testid="food-measures">
            {shownMeasures.map((m) => (
              <List.Item key={m.position}>{measureLabel(m, i18n.language)}</List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
