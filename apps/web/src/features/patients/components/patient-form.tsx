// The personal-data fields of a patient, shared by /nuevo-paciente and the record's personal section.
// Controlled: the parent keeps the values, the server's field errors and the save.
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationsQuery, patientsApi } from '../api/patients-api';
import { ageFrom, filterDecimal, parseDateInput } from '../lib/format';
import { todayIso } from '../../../lib/calendar-date';
import { ARGENTINE_PROVINCES, type PatientTextKey, type PatientValues } from '../lib/patient-values';
import { showSuccess } from '../../../lib/toast';

export interface PatientFormProps {
  values: PatientValues;
  onChange: (values: PatientValues) => void;
  errors: Record<string, string>;
  idPrefix: string;
}

/**
 * A Select shows an empty box for a stored value that is not among its options (a province written
 * another way by an import, a referral option since removed): keep the stored value listed, first.
 */
function withStored(options: readonly string[], stored: string): string[] {
  return stored && !options.includes(stored) ? [stored, ...options] : [...options];
}

export function PatientForm({ values, onChange, errors, idPrefix }: PatientFormProps) {
  const { t, i18n } = useTranslation('patients');
  const types = useQuery({ queryKey: ['patient-types'], queryFn: patientsApi.types, staleTime: Infinity });
  const locations = useQuery(locationsQuery());
  const referral = useQuery({ queryKey: ['referral-options'], queryFn: patientsApi.referralOptions });
  const [editingReferral, setEditingReferral] = useState(false);

  const set = (field: PatientTextKey) => (value: string | null) => onChange({ ...values, [field]: value ?? '' });
  const text = (field: PatientTextKey, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      id={`${idPrefix}-${field}`}
      label={t(`fields.${field}`)}
      value={values[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors[field]}
      {...extra}
    />
  );
  const isoBirth = parseDateInput(values.birthDate);
  const age = ageFrom(isoBirth, todayIso());
  const referralData = withStored(referral.data?.options ?? [], values.referredBy);
  const locationData = (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  // A place deleted since it was chosen is still the stored one: show it as such, not as an empty box.
  if (locations.data && values.locationId && !locationData.some((l) => l.value === values.locationId)) {
    locationData.push({ value: values.locationId, label: t('fields.locationUnavailable') });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('firstName', { required: true, autoComplete: 'off' })}
        {text('lastName', { required: true, autoComplete: 'off' })}
        {text('birthDate', {
          placeholder: t('datePlaceholder'),
          description: age != null ? t('ageYears', { count: age }) : t('dateHint'),
          inputMode: 'numeric',
        })}
        <Select
          id={`${idPrefix}-sex`}
          label={t('fields.sex')}
          data={[
            { value: 'f', label: t('sex.f') },
            { value: 'm', label: t('sex.m') },
          ]}
          value={values.sex || null}
          onChange={set('sex')}
          error={errors.sex}
          clearable
        />
        {text('documentNumber', { inputMode: 'numeric' })}
        {text('phone', { type: 'tel' })}
        <Group grow align="flex-start">
          {text('mobileAreaCode', { type: 'tel', inputMode: 'tel' })}
          {text('mobileNumber', { type: 'tel', inputMode: 'tel' })}
        </Group>
        {text('email', { type: 'email' })}
        {text('address')}
        <Select
          id={`${idPrefix}-province`}
          label={t('fields.province')}
          data={withStored(ARGENTINE_PROVINCES, values.province)}
          value={values.province || null}
          onChange={set('province')}
          error={errors.province}
          searchable
          clearable
        />
        {text('city')}
        {text('healthInsurance')}
        {text('memberNumber')}
        {text('profession')}
        {text('website', { type: 'url' })}
        {text('heightCm', {
          inputMode: 'decimal',
          onChange: (e) => set('heightCm')(filterDecimal(e.currentTarget.value)),
        })}
        {text('startDate', { placeholder: t('datePlaceholder'), description: t('dateHint'), inputMode: 'numeric' })}
        <Select
          id={`${idPrefix}-typeId`}
          label={t('fields.typeId')}
          data={(types.data ?? []).map((type) => ({
            value: String(type.id),
            label: i18n.language.startsWith('en') ? type.nameEn : type.name,
          }))}
          value={values.typeId || null}
          onChange={set('typeId')}
          error={errors.typeId}
          allowDeselect={false}
        />
        <Select
          id={`${idPrefix}-locationId`}
          label={t('fields.locationId')}
          data={locationData}
          value={values.locationId || null}
          onChange={set('locationId')}
          error={errors.locationId}
          placeholder={locations.data?.length ? undefined : t('noLocations')}
          clearable
        />
        <Stack gap={4}>
          <Select
            id={`${idPrefix}-referredBy`}
            label={t('fields.referredBy')}
            data={referralData}
            value={values.referredBy || null}
            onChange={set('referredBy')}
            error={errors.referredBy}
            searchable
            clearable
          />
          {/* Not before the options have loaded: the editor would open empty and saving it would erase them. */}
          <Button variant="subtle" size="compact-sm" onClick={() => setEditingReferral(true)} disabled={!referral.data} style={{ alignSelf: 'flex-start' }}>
            {t('referral.edit')}
          </Button>
        </Stack>
      </SimpleGrid>
      <AutoTextarea
        id={`${idPrefix}-reasonForConsultation`}
        label={t('fields.reasonForConsultation')}
        value={values.reasonForConsultation}
        onChange={(e) => set('reasonForConsultation')(e.currentTarget.value)}
        error={errors.reasonForConsultation}
        minRows={2}
        max={2000}
      />
      <AutoTextarea
        id={`${idPrefix}-goal`}
        label={t('fields.goal')}
        value={values.goal}
        onChange={(e) => set('goal')(e.currentTarget.value)}
        error={errors.goal}
        minRows={2}
        max={2000}
      />
      <Switch
        id={`${idPrefix}-remindersOptOut`}
        label={t('fields.remindersOptOut')}
        description={t('record.remindersOptOutHelp')}
        checked={values.remindersOptOut}
        onChange={(e) => onChange({ ...values, remindersOptOut: e.currentTarget.checked })}
        error={errors.remindersOptOut}
      />
      <Checkbox
        id={`${idPrefix}-newsConsent`}
        label={t('fields.newsConsent')}
        description={t('record.newsConsentHelp')}
        checked={values.newsConsent}
        onChange={(e) => onChange({ ...values, newsConsent: e.currentTarget.checked })}
        error={errors.newsConsent}
      />
      {editingReferral && (
        <ReferralOptionsModal options={referral.data?.options ?? []} onClose={() => setEditingReferral(false)} />
      )}
    </Stack>
  );
}

/** The practice's list of "referred by" options, one per line (PUT /referral-options). */
export function ReferralOptionsModal({ options, onClose }: { options: string[]; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const [text, setText] = useState(options.join('\n'));
  const save = useMutation({
    mutationFn: () =>
      patientsApi.saveReferralOptions(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(['referral-options'], data);
      showSuccess(t('referral.savedTitle'), t('referral.saved'));
      onClose();
    },
  });
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} title={t('referral.title')}>
      <Stack>
        <Text size="sm">{t('referral.help')}</Text>
        <AutoTextarea
          label={t('referral.label')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          minRows={6}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export { preventEnterSubmit } from './form-keys';
