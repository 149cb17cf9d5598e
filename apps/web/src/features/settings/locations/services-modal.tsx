// Services of a place: name, duration, price (typed with comma decimals, stored as integer cents),
// currency (ARS by default), visibility, and optionally hours of their own.
import { ActionIcon, Badge, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Location, Service } from '@almendra/contracts';
import { IconCalendarTime, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { intlLocale } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { appointmentKeys, locationsApi } from '../../appointments/api/appointments-api';
import { centsToInput, filterPriceInput, formatMoney, parsePriceToCents } from '../../appointments/lib/money';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog';
import { preventEnterSubmit } from './enter-guard';
import { ScheduleEditor } from './schedule-editor';
import { submitFocusingErrors } from '../../../lib/form-focus';

interface Values {
  name: string;
  durationMinutes: number | string;
  price: string;
  currency: string;
  visible: boolean;
}

function ServiceForm({ location, service, onDone }: { location: Location; service: Service | null; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: service?.name ?? '',
      durationMinutes: service?.durationMinutes ?? 30,
      price: service ? centsToInput(service.priceCents) : '',
      currency: service?.currency ?? 'ARS',
      visible: service?.visible ?? true,
    },
    validate: {
      name: (v) => (v.trim() ? null : t('services.errors.name')),
      durationMinutes: (v) => (typeof v === 'number' && v >= 5 && v <= 720 ? null : t('services.errors.duration')),
      price: (v) => (parsePriceToCents(v) === null ? t('services.errors.price') : null),
    },
  });
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        name: values.name.trim(),
        durationMinutes: Number(values.durationMinutes),
        priceCents: parsePriceToCents(values.price) ?? 0,
        currency: values.currency.trim().toUpperCase() || 'ARS',
        visible: values.visible,
      };
      return service ? locationsApi.updateService(location.id, service.id, body) : locationsApi.createService(location.id, body);
    },
    onSuccess: async () => {
      showSuccess(t('services.savedTitle'), t('services.saved'));
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.services(location.id) });
      form.reset();
      onDone();
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {service ? t('services.editTitle') : t('services.newTitle')}
      </Title>
      <form onSubmit={submitFocusingErrors(form, (values) => save.mutate(values))} onKeyDown={preventEnterSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('services.fields.name')} required {...form.getInputProps('name')} />
            <NumberInput label={t('services.fields.duration')} min={5} max={720} step={5} allowDecimal={false} {...form.getInputProps('durationMinutes')} />
            <TextInput
              label={t('services.fields.price')}
              inputMode="decimal"
              placeholder="0,00"
              {...form.getInputProps('price')}
              onChange={(e) => form.setFieldValue('price', filterPriceInput(e.currentTarget.value))}
            />
            <TextInput label={t('services.fields.currency')} maxLength={3} {...form.getInputProps('currency')} />
          </SimpleGrid>
          <Switch label={t('services.fields.visible')} {...form.getInputProps('visible', { type: 'checkbox' })} />
          <Group justify="flex-end">
            {service && (
              <Button variant="default" onClick={onDone}>
                {t('actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('services.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ServiceScheduleModal({ location, service, onClose }: { location: Location; service: Service; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const schedule = useQuery({
    queryKey: appointmentKeys.serviceSchedule(location.id, service.id),
    queryFn: ({ signal }) => locationsApi.serviceSchedule(location.id, service.id, signal),
  });
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.services(location.id) });
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.hours });
    showSuccess(t('schedule.savedTitle'), t('schedule.saved'));
    onClose();
  };
  const save = useMutation({
    mutationFn: (days: { weekday: number; ranges: { start: string; end: string }[] }[]) =>
      locationsApi.saveServiceSchedule(location.id, service.id, { days }),
    onSuccess: done,
  });
  const clear = useMutation({ mutationFn: () => locationsApi.clearServiceSchedule(location.id, service.id), onSuccess: done });
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} size="xl" title={t('services.scheduleTitle', { name: service.name })}>
      <Text size="sm" c="dimmed" mb="sm">
        {schedule.data?.ownSchedule ? t('services.ownSchedule') : t('services.placeSchedule')}
      </Text>
      {schedule.data ? (
        <ScheduleEditor
          initial={schedule.data.days}
          saving={save.isPending}
          onSave={(days) => save.mutate(days)}
          extraActions={
            schedule.data.ownSchedule && (
              <Button variant="default" loading={clear.isPending} onClick={() => clear.mutate()}>
                {t('services.usePlaceSchedule')}
              </Button>
            )
          }
        />
      ) : (
        <PageLoader />
      )}
    </Modal>
  );
}

export function ServicesModal({ location, onClose }: { location: Location; onClose: () => void }) {
  const { t, i18n } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Service | null>(null);
  const [scheduling, setScheduling] = useState<Service | null>(null);
  const services = useQuery({
    queryKey: appointmentKeys.services(location.id),
    queryFn: ({ signal }) => locationsApi.services(location.id, signal),
  });
  const [removing, setRemoving] = useState<Service | null>(null);
  const remove = useMutation({
    mutationFn: (service: Service) => locationsApi.removeService(location.id, service.id),
    onSettled: () => setRemoving(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.services(location.id) }),
  });
  const confirmRemove = (service: Service) => setRemoving(service);

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} size="xl" title={t('services.title', { name: location.name })}>
      <Stack gap="md">
        {services.isPending ? (
          <PageLoader />
        ) : services.data && services.data.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="services-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('services.fields.name')}</Table.Th>
                  <Table.Th>{t('services.fields.duration')}</Table.Th>
                  <Table.Th>{t('services.fields.price')}</Table.Th>
                  <Table.Th>{t('services.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.data.map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td>
                      {service.name}{' '}
                      {!service.visible && (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('places.hidden')}
                        </Badge>
                      )}
                      {service.ownSchedule && (
                        <Badge size="xs" variant="light" ml={4}>
                          {t('services.ownScheduleBadge')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{t('services.minutes', { count: service.durationMinutes })}</Table.Td>
                    <Table.Td>{formatMoney(service.priceCents, service.currency, intlLocale(i18n.language))}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t('services.edit', { name: service.name })} onClick={() => setEditing(service)}>
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon variant="subtle" aria-label={t('services.schedule', { name: service.name })} onClick={() => setScheduling(service)}>
                          <IconCalendarTime size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('services.delete', { name: service.name })} onClick={() => confirmRemove(service)}>
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t('services.empty')}</Text>
        )}
        <ServiceForm key={editing?.id ?? 'new'} location={location} service={editing} onDone={() => setEditing(null)} />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('services.deleteTitle')}
        message={t('services.deleteBody', { name: removing?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
      {scheduling && <ServiceScheduleModal location={location} service={scheduling} onClose={() => setScheduling(null)} />}
    </Modal>
  );
}
