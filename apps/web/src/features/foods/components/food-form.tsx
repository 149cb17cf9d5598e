// /nuevo-alimento (edit with ?id=): an own food with names, brand, group, any subset of nutrients per 100 g
// (empty = 0) and household measures. The server's 400 field errors appear under each field.
import { Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { FoodDetail } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { showError, showSuccess } from '../../../lib/toast';
import { foodDetailQuery, foodGroupsQuery, foodsApi } from '../api/foods-api';
import { fieldErrorsFrom, MeasureFields, measuresFromForm, NutrientFields, nutrientsFromForm, nutrientsToForm, type NutrientFormValues } from './nutrient-fields';
import { submitFocusingErrors } from '../../../lib/form-focus';
import { StickyActions } from '../../../components/sticky-actions';

interface FoodFormValues extends NutrientFormValues {
  nameEs: string;
  nameEn: string;
  brand: string;
  group: string | null;
}

const stopEnter = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function FoodFormView() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...foodDetailQuery(id ?? ''), enabled: Boolean(id) });
  if (id && existing.isPending) return <PageLoader />;
  return <FoodForm food={id ? (existing.data ?? null) : null} />;
}

function FoodForm({ food }: { food: FoodDetail | null }) {
  const { t, i18n } = useTranslation(['foods', 'common']);
  const english = i18n.language.startsWith('en');
  const title = food ? t('foods:form.editTitle') : t('foods:form.newTitle');
  useDocumentTitle(`${title} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = useQuery(foodGroupsQuery());
  const form = useForm<FoodFormValues>({
    initialValues: { nameEs: '', nameEn: '', brand: '', group: null, nutrients: {}, measures: [] },
    validate: { nameEs: (value) => (value.trim() ? null : t('foods:form.nameRequired')) },
  });
  useEffect(() => {
    if (!food) return;
    form.setValues({
      nameEs: food.nameEs ?? '',
      nameEn: food.nameEn ?? '',
      brand: food.brand ?? '',
      group: food.group?.code ?? null,
      nutrients: nutrientsToForm(food.nutrients),
      measures: food.measures.map((m) => ({ amount: String(m.amount), description: m.description, gramWeight: String(m.gramWeight) })),
    });
    form.resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [food]);

  const save = useMutation({
    mutationFn: (values: FoodFormValues) => {
      const body = {
        nameEs: values.nameEs.trim(),
        nameEn: values.nameEn.trim() || null,
        brand: values.brand.trim() || null,
        group: values.group,
        nutrients: nutrientsFromForm(values.nutrients),
        measures: measuresFromForm(values.measures),
      };
      return food ? foodsApi.update(food.id, body) : foodsApi.create(body);
    },
    meta: { silent: true },
    onSuccess: async (saved) => {
      // Dishes (and their cached totals) are computed from the food's current values.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['foods'] }), queryClient.invalidateQueries({ queryKey: ['dishes'] })]);
      showSuccess(t('foods:form.savedTitle'), t('foods:form.savedMessage', { name: saved.name }));
      void navigate(`/detalle-alimento?id=${encodeURIComponent(saved.id)}`);
    },
    onError: (error) => {
      const errors = fieldErrorsFrom(error);
      if (errors) form.setErrors(errors);
      showError(error);
    },
  });

  return (
    <form noValidate onSubmit={submitFocusingErrors(form, (values) => save.mutate(values))}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('foods:form.description')}</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('foods:form.nameEs')} required onKeyDown={stopEnter} {...form.getInputProps('nameEs')} />
            <TextInput label={t('foods:form.nameEn')} onKeyDown={stopEnter} {...form.getInputProps('nameEn')} />
            <TextInput label={t('foods:form.brand')} onKeyDown={stopEnter} {...form.getInputProps('brand')} />
            <Select
              label={t('foods:form.group')}
              data={(groups.data ?? []).map((g) => ({ value: g.code, label: english ? g.nameEn : g.name }))}
              clearable
              searchable
              {...form.getInputProps('group')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <NutrientFields form={form} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <MeasureFields form={form} />
        </Paper>
        <StickyActions>
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('foods:cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('foods:form.save')}
          </Button>
        </StickyActions>
      </Stack>
    </form>
  );
}
