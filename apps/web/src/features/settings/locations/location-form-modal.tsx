// Create or edit a place of care: name, address, phones, colour, slot interval, flags, reminder
// emails and its position (typed, or clicked on the lazily loaded map).
import { Button, ColorInput, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_LOCATION_COLOR } from '@almendra/contracts/constants';
import type { Location } from '@almendra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { appointmentKeys, locationsApi } from '../../appointments/api/appointments-api';
import { filterDecimal, parseDecimal, preventEnterSubmit } from './enter-guard';
import { submitFocusingErrors } from '../../../lib/form-focus';
import { LengthCounter } from '../../../components/length-counter';

const LocationMap = lazy(() => import('./location-map'));

interface Values {
  name: string;
  detail: string;
  street: string;
  streetNumber: string;
  phone1: string;
  phone2: string;
  mobileAreaCode: string;
  mobileNumber: string;
  color: string;
  slotIntervalMinutes: number | string;
  visible: boolean;
  disabled: boolean;
  reminderEmailsEnabled: boolean;
  latitude: string;
  longitude: string;
}

const text = (v: string | null | undefined) => v ?? '';
const coordinate = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

export function LocationFormModal({ location, opened, onClose }: { location: Location | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: text(location?.name),
      detail: text(location?.detail),
      street: text(location?.street),
      streetNumber: text(location?.streetNumber),
      phone1: text(location?.phone1),
      phone2: text(location?.phone2),
      mobileAreaCode: text(location?.mobileAreaCode),
      mobileNumber: text(location?.mobileNumber),
      color: location?.color ?? DEFAULT_LOCATION_COLOR,
      slotIntervalMinutes: location?.slotIntervalMinutes ?? 30,
      visible: location?.visible ?? true,
      disabled: location?.disabled ?? false,
      reminderEmailsEnabled: location?.reminderEmailsEnabled ?? true,
      latitude: coordinate(location?.latitude),
      longitude: coordinate(location?.longitude),
    },
    validate: {
      name: (v) => (v.trim() ? null : t('places.errors.name')),
      latitude: (v) => {
        const n = parseDecimal(v);
        return n === null || (Number.isFinite(n) && n >= -90 && n <= 90) ? null : t('places.errors.latitude');
      },
      longitude: (v) => {
        const n = parseDecimal(v);
        return n === null || (Number.isFinite(n) && n >= -180 && n <= 180) ? null : t('places.errors.longitude');
      },
      slotIntervalMinutes: (v) => (typeof v === 'number' && v >= 5 && v <= 240 ? null : t('places.errors.interval')),
    },
  });

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        name: values.name.trim(),
        detail: values.detail,
        street: values.street,
        streetNumber: values.streetNumber,
        phone1: values.phone1,
        phone2: values.phone2,
        mobileAreaCode: values.mobileAreaCode,
        mobileNumber: values.mobileNumber,
        color: values.color,
        slotIntervalMinutes: Number(values.slotIntervalMinutes),
        visible: values.visible,
        disabled: values.disabled,
        reminderEmailsEnabled: values.reminderEmailsEnabled,
        latitude: parseDecimal(values.latitude),
        longitude: parseDecimal(values.longitude),
      };
      return location ? locationsApi.update(location.id, body) : locationsApi.create(body);
    },
    onSuccess: async () => {
      showSuccess(t('places.savedTitle'), t('places.saved'));
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.locations });
      onClose();
    },
  });

  const lat = parseDecimal(form.values.latitude);
  const lng = parseDecimal(form.values.longitude);

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={opened} onClose={onClose} size="xl" title={location ? t('places.editTitle') : t('places.newTitle')}>
      <form onSubmit={submitFocusingErrors(form, (values) => save.mutate(values))} onKeyDown={preventEnterSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('places.fields.name')} required data-autofocus {...form.getInputProps('name')} />
            <div>
              <TextInput label={t('places.fields.detail')} maxLength={500} {...form.getInputProps('detail')} />
              <LengthCounter length={form.values.detail.length} max={500} onlyNearLimit />
            </div>
            <TextInput label={t('places.fields.street')} {...form.getInputProps('street')} />
            <TextInput label={t('places.fields.streetNumber')} {...form.getInputProps('streetNumber')} />
            <TextInput label={t('places.fields.phone1')} type="tel" inputMode="tel" {...form.getInputProps('phone1')} />
            <TextInput label={t('places.fields.phone2')} type="tel" inputMode="tel" {...form.getInputProps('phone2')} />
            <TextInput label={t('places.fields.mobileAreaCode')} inputMode="numeric" {...form.getInputProps('mobileAreaCode')} />
            <TextInput label={t('places.fields.mobileNumber')} type="tel" inputMode="tel" {...form.getInputProps('mobileNumber')} />
            <ColorInput
              label={t('places.fields.color')}
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': t('places.eyeDropper') }}
              {...form.getInputProps('color')} />
            <NumberInput
              label={t('places.fields.interval')}
              min={5}
              max={240}
              step={5}
              allowDecimal={false}
              {...form.getInputProps('slotIntervalMinutes')}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch label={t('places.fields.visible')} {...form.getInputProps('visible', { type: 'checkbox' })} />
            <Switch label={t('places.fields.disabled')} {...form.getInputProps('disabled', { type: 'checkbox' })} />
            <Switch label={t('places.fields.reminders')} {...form.getInputProps('reminderEmailsEnabled', { type: 'checkbox' })} />
          </Group>
          <SimpleGrid cols={2}>
            <TextInput
              label={t('places.fields.latitude')}
              inputMode="decimal"
              {...form.getInputProps('latitude')}
              onChange={(e) => form.setFieldValue('latitude', filterDecimal(e.currentTarget.value))}
            />
            <TextInput
              label={t('places.fields.longitude')}
              inputMode="decimal"
              {...form.getInputProps('longitude')}
              onChange={(e) => form.setFieldValue('longitude', filterDecimal(e.currentTarget.value))}
            />
          </SimpleGrid>
          {opened && (
            <Suspense fallback={<PageLoader />}>
              <LocationMap
                label={t('places.mapLabel')}
                latitude={typeof lat === 'number' && Number.isFinite(lat) ? lat : null}
                longitude={typeof lng === 'number' && Number.isFinite(lng) ? lng : null}
                onPick={(la, lo) => {
                  form.setFieldValue('latitude', String(la).replace('.', ','));
                  form.setFieldValue('longitude', String(lo).replace('.', ','));
                }}
              />
            </Suspense>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('places.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
