// The patient's "Registrar mi día" (from a phone): how the day's eating went and how they felt (1–5),
// sleep from/to, glasses of water, exercise and its minutes, notes, and a meal photo. Saving the same
// date again updates that day.
import { useState } from 'react';
import { Button, FileInput, NumberInput, Paper, Rating, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { IconCamera } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DAILY_LOG_MEALS } from '@almendra/contracts/constants';
import { fieldErrors } from '../../../lib/api-error';
import { showError, showSuccess } from '../../../lib/toast';
import { formatDate, parseDateInput } from '../../patients/lib/format';
import { todayIso } from '../../../lib/calendar-date';
import { portalApi, portalKeys } from '../api/portal-api';

export function DailyLogForm() {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => formatDate(todayIso()));
  const [rating, setRating] = useState(0);
  const [secondRating, setSecondRating] = useState(0);
  const [sleepFrom, setSleepFrom] = useState('');
  const [sleepTo, setSleepTo] = useState('');
  const [water, setWater] = useState<string | number>('');
  const [exercise, setExercise] = useState('');
  const [minutes, setMinutes] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [meal, setMeal] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async () => {
      const iso = parseDateInput(date) ?? date;
      const day = await portalApi.saveDay({
        date: iso,
        rating: rating || null,
        secondRating: secondRating || null,
        sleepFrom: sleepFrom || null,
        sleepTo: sleepTo || null,
        waterGlasses: water === '' ? null : Number(water),
        exercise: exercise || null,
        exerciseMinutes: minutes === '' ? null : Number(minutes),
        notes: notes || null,
      });
      if (photo) await portalApi.addPhoto(iso, meal, photo);
      return day;
    },
    onSuccess: () => {
      setErrors({});
      setPhoto(null);
      showSuccess(t('dailyLog.form.saved'), '');
      void queryClient.invalidateQueries({ queryKey: portalKeys.log });
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      showError(error);
    },
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={(e) => { e.preventDefault(); save.mutate(); }} data-testid="daily-log-form">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('dailyLog.form.title')}
        </Title>
        <TextInput label={t('dailyLog.form.date')} description={t('dailyLog.dateHint')} placeholder="dd-mm-aaaa" inputMode="numeric" value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.date} required data-testid="log-date" />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="log-rating-label">
            {t('dailyLog.form.rating')}
          </Text>
          <Rating value={rating} onChange={setRating} size="lg" aria-labelledby="log-rating-label" data-testid="log-rating" />
          {errors.rating && <Text c="red" size="xs">{errors.rating}</Text>}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="log-second-rating-label">
            {t('dailyLog.form.secondRating')}
          </Text>
          <Rating value={secondRating} onChange={setSecondRating} size="lg" aria-labelledby="log-second-rating-label" />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="time" label={t('dailyLog.form.sleepFrom')} value={sleepFrom} onChange={(e) => setSleepFrom(e.currentTarget.value)} error={errors.sleepFrom} data-testid="log-sleep-from" />
          <TextInput type="time" label={t('dailyLog.form.sleepTo')} value={sleepTo} onChange={(e) => setSleepTo(e.currentTarget.value)} error={errors.sleepTo} data-testid="log-sleep-to" />
        </SimpleGrid>
        <NumberInput label={t('dailyLog.form.water')} value={water} onChange={setWater} min={0} max={40} allowDecimal={false} error={errors.waterGlasses} data-testid="log-water" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('dailyLog.form.exercise')} value={exercise} onChange={(e) => setExercise(e.currentTarget.value)} maxLength={120} error={errors.exercise} data-testid="log-exercise" />
          <NumberInput label={t('dailyLog.form.exerciseMinutes')} value={minutes} onChange={setMinutes} min={0} max={1440} allowDecimal={false} error={errors.exerciseMinutes} data-testid="log-minutes" />
        </SimpleGrid>
        <AutoTextarea label={t('dailyLog.form.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} minRows={2} max={2000} error={errors.notes} data-testid="log-notes" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FileInput
            label={t('dailyLog.form.photo')}
            accept="image/jpeg,image/png,image/webp"
            leftSection={<IconCamera size={16} aria-hidden />}
            value={photo}
            onChange={setPhoto}
            clearable
            data-testid="log-photo"
          />
          <Select
            label={t('dailyLog.form.meal')}
            data={DAILY_LOG_MEALS.map((m) => ({ value: m, label: t(`dailyLog.meals.${m}`) }))}
            value={meal}
            onChange={setMeal}
            clearable
            data-testid="log-meal"
          />
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} data-testid="log-save">
          {t('dailyLog.form.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
