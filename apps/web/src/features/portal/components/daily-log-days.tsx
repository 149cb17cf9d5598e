// Days of a daily log, newest first: the entry's values and its photos; a date with photos and no entry
// shows the spec's empty placeholder ("Solo fotos"). Shared by the record tab and the portal.
import { Badge, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DailyLogDay } from '@almendra/contracts';

const displayDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

function Stars({ value, label }: { value: number | null; label: string }) {
  if (value === null) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm" fw={600} aria-label={`${value}/5`}>
        {value}/5
      </Text>
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
    </Group>
  );
}

export function DailyLogDays({ days, showNew = false }: { days: DailyLogDay[]; showNew?: boolean }) {
  const { t } = useTranslation('portal');
  return (
    <Stack gap="sm" data-testid="daily-log-days">
      {days.map((day) => (
        <Paper key={day.date} withBorder radius="md" p="md" data-testid="daily-log-day" data-date={day.date}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h5">
                {displayDate(day.date)}
              </Title>
              {showNew && day.entry && !day.entry.seen && (
                <Badge color="teal" variant="light">
                  {t('dailyLog.new')}
                </Badge>
              )}
            </Group>
            {day.entry ? (
              <Stack gap={4}>
                <Group gap="lg">
                  <Stars value={day.entry.rating} label={t('dailyLog.rating')} />
                  <Stars value={day.entry.secondRating} label={t('dailyLog.secondRating')} />
                </Group>
                {(day.entry.sleepFrom || day.entry.sleepTo) && (
                  <Text size="sm">
                    <Text span c="dimmed">{t('dailyLog.sleep')}: </Text>
                    {t('dailyLog.sleepRange', { from: day.entry.sleepFrom ?? '—', to: day.entry.sleepTo ?? '—' })}
                  </Text>
                )}
                {day.entry.waterGlasses !== null && (
                  <Text size="sm">
                    <Text span c="dimmed">{t('dailyLog.water')}: </Text>
                    {t('dailyLog.waterGlasses', { count: day.entry.waterGlasses })}
                  </Text>
                )}
                {(day.entry.exercise || day.entry.exerciseMinutes !== null) && (
                  <Text size="sm">
                    <Text span c="dimmed">{t('dailyLog.exercise')}: </Text>
                    {[day.entry.exercise, day.entry.exerciseMinutes !== null ? t('dailyLog.exerciseMinutes', { minutes: day.entry.exerciseMinutes }) : null].filter(Boolean).join(' · ')}
                  </Text>
                )}
                {day.entry.notes && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    <Text span c="dimmed">{t('dailyLog.notes')}: </Text>
                    {day.entry.notes}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" data-testid="daily-log-placeholder">
                {t('dailyLog.noEntry')}
              </Text>
            )}
            {day.photos.length > 0 && (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {day.photos.map((photo) => (
                  <figure key={photo.id} style={{ margin: 0 }}>
                    <Image
                      src={photo.url}
                      radius="sm"
                      h={120}
                      fit="cover"
                      alt={photo.meal ? t('dailyLog.photoAlt', { meal: t(`dailyLog.meals.${photo.meal}` as 'dailyLog.meals.cena', { defaultValue: photo.meal }), date: displayDate(day.date) }) : t('dailyLog.photoAltNoMeal', { date: displayDate(day.date) })}
                      data-testid="daily-log-photo"
                    />
                    {photo.meal && (
                      <Text size="xs" c="dimmed" component="figcaption">
                        {t(`dailyLog.meals.${photo.meal}` as 'dailyLog.meals.cena', { defaultValue: photo.meal })}
                      </Text>
                    )}
                  </figure>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
