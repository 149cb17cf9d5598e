// Nutrient inputs per 100 g in display units (omega 3/6 in mg), grouped as the summary; plus the household
// measures editor. Shared by the own-food form and the food request. Empty fields count as 0 (seed 1 §5).
import { Accordion, ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayUnit, fromDisplayValue, NUTRIENTS, SUMMARY_GROUPS, toDisplayValue, type NutrientKey } from '@almendra/domain';
import { isApiError } from '../../../lib/api-error';
import { filterDecimalInput, parseDecimal } from './format';

export interface MeasureValues {
  amount: string;
  description: string;
  gramWeight: string;
}

export interface NutrientFormValues {
  nutrients: Record<string, string>;
  measures: MeasureValues[];
}

const NAMES = new Map(NUTRIENTS.map((n) => [n.key as NutrientKey, n]));
const MAIN_GROUP = 'macronutrients';

const stopEnter = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** Stored values (SR units) → the form's strings in display units. */
export function nutrientsToForm(values: Partial<Record<string, number | null>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || !NAMES.has(key as NutrientKey)) continue;
    out[key] = String(Math.round(toDisplayValue(key as NutrientKey, value) * 1e6) / 1e6);
  }
  return out;
}

/** The form's strings → the API's values per 100 g in SR units; untouched optional fields are left out, '' counts as 0. */
export function nutrientsFromForm(values: Record<string, string>): Record<string, number | ''> {
  const out: Record<string, number | ''> = {};
  // The four macros are always on screen: left empty they count as 0 (seed 1 §5), not as "no value".
  for (const key of SUMMARY_GROUPS.find((g) => g.id === MAIN_GROUP)!.keys) out[key] = '';
  for (const [key, raw] of Object.entries(values)) {
    const value = parseDecimal(raw);
    out[key] = value === undefined ? '' : fromDisplayValue(key as NutrientKey, value);
  }
  return out;
}

export function measuresFromForm(measures: MeasureValues[]) {
  return measures
    .filter((m) => m.description.trim() || m.gramWeight.trim())
    .map((m) => ({ amount: parseDecimal(m.amount) ?? 1, description: m.description.trim(), gramWeight: parseDecimal(m.gramWeight) ?? 0 }));
}

/** Server 400 details ({ path: 'nutrients.proteinG', message }) → form errors under each field. */
export function fieldErrorsFrom(error: unknown, pathMap: (path: string) => string = (p) => p): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.details)) return null;
  const errors: Record<string, string> = {};
  for (const detail of error.details as { path?: string; message?: string }[]) {
    if (detail.path && detail.message) errors[pathMap(detail.path)] = detail.message;
  }
  return errors;
}

export function NutrientFields<T extends NutrientFormValues>({ form }: { form: UseFormReturnType<T> }) {
  const { t, i18n } = useTranslation('foods');
  const english = i18n.language.startsWith('en');
  const input = (key: NutrientKey) => {
    const definition = NAMES.get(key)!;
    const props = form.getInputProps(`nutrients.${key}`);
    return (
      <TextInput
        key={key}
        label={english ? definition.nameEn : definition.nameEs}
        rightSection={<Text size="xs" c="dimmed">{displayUnit(key)}</Text>}
        rightSectionWidth={44}
        inputMode="decimal"
        onKeyDown={stopEnter}
        value={(form.getValues().nutrients[key] ?? '') as string}
        error={props.error as string | undefined}
        onChange={(event) => form.setFieldValue(`nutrients.${key}` as never, filterDecimalInput(event.currentTarget.value) as never)}
      />
    );
  };
  const main = SUMMARY_GROUPS.find((g) => g.id === MAIN_GROUP)!;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('form.nutrientsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('form.nutrientsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>{main.keys.map(input)}</SimpleGrid>
      <Accordion multiple variant="separated">
        {SUMMARY_GROUPS.filter((g) => g.id !== MAIN_GROUP).map((group) => (
          <Accordion.Item key={group.id} value={group.id}>
            <Accordion.Control>{t(`nutrientGroups.${group.id}`)}</Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>{group.keys.map(input)}</SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

export function MeasureFields<T extends NutrientFormValues>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useTranslation('foods');
  const measures = form.getValues().measures;
  const set = (index: number, field: keyof MeasureValues, value: string) =>
    form.setFieldValue(`measures.${index}.${field}` as never, value as never);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('form.measuresTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('form.measuresHint')}
      </Text>
      {measures.map((measure, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('form.measureAmount', { n: index + 1 })}
            inputMode="decimal"
            w={110}
            onKeyDown={stopEnter}
            value={measure.amount}
            error={form.getInputProps(`measures.${index}.amount`).error as string | undefined}
            onChange={(event) => set(index, 'amount', filterDecimalInput(event.currentTarget.value))}
          />
          <TextInput
            label={t('form.measureDescription', { n: index + 1 })}
            style={{ flex: 1 }}
            onKeyDown={stopEnter}
            value={measure.description}
            error={form.getInputProps(`measures.${index}.description`).error as string | undefined}
            onChange={(event) => set(index, 'description', event.currentTarget.value)}
          />
          <TextInput
            label={t('form.measureGrams', { n: index + 1 })}
            inputMode="decimal"
            w={130}
            onKeyDown={stopEnter}
            value={measure.gramWeight}
            error={form.getInputProps(`measures.${index}.gramWeight`).error as string | undefined}
            onChange={(event) => set(index, 'gramWeight', filterDecimalInput(event.currentTarget.value))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={t('form.removeMeasure', { n: index + 1 })}
            onClick={() => form.removeListItem('measures' as never, index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('measures' as never, { amount: '1', description: '', gramWeight: '' } as never)}
        >
          {t('form.addMeasure')}
        </Button>
      </Group>
    </Stack>
  );
}
