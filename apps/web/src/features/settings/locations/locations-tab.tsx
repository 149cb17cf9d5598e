// 'Lugares de atención' tab of /configuracion: the places of care with their flags, and per place
// its form, weekly hours and services; hide/show and delete (the server refuses with 409 while
// future appointments exist, and its message is shown). Below, the private calendar feed.
import { ActionIcon, Badge, Button, ColorSwatch, Group, Modal, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Location } from '@almendra/contracts';
import { IconCalendarTime, IconEye, IconEyeOff, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { appointmentKeys, locationsApi } from '../../appointments/api/appointments-api';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog';
import { CalendarFeedCard } from './calendar-feed-card';
import { LocationFormModal } from './location-form-modal';
import { ScheduleEditor } from './schedule-editor';
import { ServicesModal } from './services-modal';

function ScheduleModal({ location, onClose }: { location: Location; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const schedule = useQuery({
    queryKey: appointmentKeys.schedule(location.id),
    queryFn: ({ signal }) => locationsApi.schedule(location.id, signal),
  });
  const save = useMutation({
    mutationFn: (days: { weekday: number; ranges: { start: string; end: string }[] }[]) => locationsApi.saveSchedule(location.id, { days }),
    onSuccess: async () => {
      showSuccess(t('schedule.savedTitle'), t('schedule.saved'));
      await queryClient.invalidateQueries({ queryKey: ['locations'] });
      onClose();
    },
  });
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} size="xl" title={t('schedule.title', { name: location.name })}>
      {schedule.data ? <ScheduleEditor initial={schedule.data.days} saving={save.isPending} onSave={(days) => save.mutate(days)} /> : <PageLoader />}
    </Modal>
  );
}

function address(location: Location): string {
  return [location.street, location.streetNumber].filter(Boolean).join(' ');
}

export function LocationsTab() {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ location: Location | null } | null>(null);
  const [schedule, setSchedule] = useState<Location | null>(null);
  const [services, setServices] = useState<Location | null>(null);
  const [removing, setRemoving] = useState<Location | null>(null);
  const locations = useQuery({ queryKey: appointmentKeys.locations, queryFn: ({ signal }) => locationsApi.list(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['locations'] });
  const toggleVisible = useMutation({
    mutationFn: (location: Location) => (location.visible ? locationsApi.hide(location.id) : locationsApi.unhide(location.id)),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (location: Location) => locationsApi.remove(location.id),
    onSettled: () => setRemoving(null),
    onSuccess: async () => {
      showSuccess(t('places.deletedTitle'), t('places.deleted'));
      await refresh();
    },
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            {t('places.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('places.description')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ location: null })}>
          {t('places.new')}
        </Button>
      </Group>
      {locations.isPending ? (
        <PageLoader />
      ) : locations.data && locations.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {locations.data.map((location) => (
            <Paper key={location.id} withBorder radius="md" p="md" component="article" aria-label={location.name} data-testid="place-card">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap">
                    <ColorSwatch color={location.color} size={22} aria-hidden />
                    <div>
                      <Title order={3} size="h4">
                        {location.name}
                      </Title>
                      {location.detail && (
                        <Text size="sm" c="dimmed">
                          {location.detail}
                        </Text>
                      )}
                    </div>
                  </Group>
                  <Group gap={4}>
                    {!location.visible && (
                      <Badge variant="outline" color="gray">
                        {t('places.hidden')}
                      </Badge>
                    )}
                    {location.disabled && (
                      <Badge variant="light" color="red">
                        {t('places.disabled')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                {address(location) && <Text size="sm">{address(location)}</Text>}
                <Text size="sm" c="dimmed">
                  {t('places.intervalSummary', { count: location.slotIntervalMinutes })}
                  {' · '}
                  {location.reminderEmailsEnabled ? t('places.remindersOn') : t('places.remindersOff')}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="light" leftSection={<IconCalendarTime size={14} aria-hidden />} onClick={() => setSchedule(location)}>
                    {t('places.schedule')}
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconListDetails size={14} aria-hidden />} onClick={() => setServices(location)}>
                    {t('places.services')}
                  </Button>
                  <Tooltip label={t('places.edit')}>
                    <ActionIcon variant="subtle" size="lg" aria-label={t('places.editNamed', { name: location.name })} onClick={() => setForm({ location })}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={location.visible ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
                    onClick={() => toggleVisible.mutate(location)}
                  >
                    {location.visible ? t('places.hide') : t('places.show')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setRemoving(location)}>
                    {t('actions.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" data-testid="places-empty">
          {t('places.empty')}
        </Text>
      )}
      <CalendarFeedCard />
      {form && <LocationFormModal opened location={form.location} onClose={() => setForm(null)} />}
      {schedule && <ScheduleModal location={schedule} onClose={() => setSchedule(null)} />}
      {services && <ServicesModal location={services} onClose={() => setServices(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('places.deleteTitle')}
        message={t('places.deleteBody', { name: removing?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
