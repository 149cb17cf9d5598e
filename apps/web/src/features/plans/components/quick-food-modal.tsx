// "Crear alimento propio" from the plan's food picker: a food the catalogue does not have ("queso
// cremoso") is written on the spot from its label — name, energy and macronutrients per 100 g and,
// optionally, the household measure she prescribes it in — saved as her own food (POST /foods, the same
// own food /nuevo-alimento edits later with every nutrient) and added to the meal at once.
import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FoodDetail } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { filterDecimalInput } from '../../../lib/decimal-input';
import { showError } from '../../../lib/toast';
import { parseDecimalInput } from './format';

const NUTRIENTS = ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG'] as const;
type NutrientKey = (typeof NUTRIENTS)[number];

const decimalProps = { inputMode: 'decimal' as const, autoComplete: 'off' };

export function QuickFoodModal({ name, onClose, onCreated }: { name: string | null; onClose: () => void; onCreated: (food: FoodDetail) => void }) {
  const { t } = useTranslation('plans');
  return (
    <Modal opened={name !== null} onClose={onClose} title={t('quickFood.title')} size="lg">
      {name !== null && <QuickFoodForm key={name} initialName={name} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function QuickFoodForm({ initialName, onClose, onCreated }: { initialName: string; onClose: () => void; onCreated: (food: FoodDetail) => void }) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const [nameEs, setName] = useState(initialName);
  const [values, setValues] = useState<Record<NutrientKey, string>>({ energyKcal: '', proteinG: '', fatG: '', carbohydrateG: '' });
  const [measure, setMeasure] = useState({ description: '', grams: '' });
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const energy = parseDecimalInput(values.energyKcal);
  const measureGrams = parseDecimalInput(measure.grams);
  const errors = {
    name: nameEs.trim() === '' ? t('quickFood.nameRequired') : null,
    energy: energy === undefined || energy < 0 ? t('quickFood.energyRequired') : null,
    measure: measure.description.trim() !== '' && !(measureGrams !== undefined && measureGrams > 0) ? t('quickFood.measureGrams') : null,
  };
  const valid = !errors.name && !errors.energy && !errors.measure;

  const save = async () => {
    setTried(true);
    if (!valid) return;
    setSaving(true);
    try {
      const nutrients: Record<string, number> = {};
      for (const key of NUTRIENTS) {
        const value = parseDecimalInput(values[key]);
        if (value !== undefined) nutrients[key] = value;
      }
      const measures = measure.description.trim() ? [{ amount: 1, description: measure.description.trim(), gramWeight: measureGrams! }] : [];
      const food = await api.post<FoodDetail>('/foods', { nameEs: nameEs.trim(), nutrients, measures });
      await queryClient.invalidateQueries({ queryKey: ['foods'] });
      onCreated(food);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="quick-food">
      <Text size="sm" c="dimmed">
        {t('quickFood.description')}
      </Text>
      <TextInput label={t('quickFood.name')} value={nameEs} onChange={(e) => setName(e.currentTarget.value)} required error={tried ? errors.name : null} />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {NUTRIENTS.map((key) => (
          <TextInput
            key={key}
            label={t(`quickFood.${key}`)}
            value={values[key]}
            required={key === 'energyKcal'}
            error={key === 'energyKcal' && tried ? errors.energy : null}
            onChange={(e) => {
              const value = filterDecimalInput(e.currentTarget.value);
              setValues((v) => ({ ...v, [key]: value }));
            }}
            {...decimalProps}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('quickFood.measure')} placeholder={t('quickFood.measurePlaceholder')} value={measure.description} onChange={(e) => setMeasure({ ...measure, description: e.currentTarget.value })} />
        <TextInput
          label={t('quickFood.measureGramsLabel')}
          value={measure.grams}
          error={tried ? errors.measure : null}
          onChange={(e) => setMeasure({ ...measure, grams: filterDecimalInput(e.currentTarget.value) })}
          {...decimalProps}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('quickFood.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={saving} data-testid="quick-food-save">
          {t('quickFood.save')}
        </Button>
      </Group>
    </Stack>
  );
}
