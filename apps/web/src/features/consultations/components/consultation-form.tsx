// The consultation form: visit data, every measurement group, pregnancy data when it applies, activity
// factor, Lee's ethnicity term, notes and the summary email. Keyboard-first: Enter never submits (only the
// save button does), decimal inputs take comma or dot, and the derived values update live beside the form.
// Three modes: a new consultation, one started from an appointment (pre-filled from it and linked to it on
// saving) and the correction of a saved one (every field, PATCH with its version).
import type { Appointment, Consultation, Patient, Pregnancy } from '@almendra/contracts';

import {
  Alert,
  Button,
  Checkbox,
  Grid,
  List,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconAlertTriangle, IconCalendarEvent } from '@tabler/icons-react';
import { DEFAULT_ACTIVITY_FACTOR } from '@almendra/domain';
import dayjs from 'dayjs';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess, showWarning } from '../../../lib/toast';
import {
  useAppointment,
  useConsultation,
  useCreateConsultation,
  useLatestMeasurements,
  useLocations,
  usePregnancies,
  useServices,
  useUpdateConsultation,
} from '../api/consultations-api';
import { formatNumber } from '../lib/format';
import { formatDate as formatInstantDate, formatTime } from '../../../lib/dates';
import {
  emptyFormValues,
  formWarnings,
  growthBandAt,
  growthInputOf,
  invalidNumberFields,
  livePreview,
  MEASURED_POSITIONS,
  pregnancyOn,
  RACE_TERM_OPTIONS,
  requestBody,
  showPregnancySection,
  updateBody,
  valuesFromAppointment,
  valuesFromConsultation,
  withRecordedPregnancy,
  type ConsultationFormValues,
  type MeasuredPosition,
  type RaceTermOption,
} from '../lib/form-model';
import { BIOIMPEDANCE_FIELDS, BREADTH_SITES, GIRTH_SITES, SKINFOLD_SITES } from '../lib/sites';
import { DecimalField } from './decimal-field';
import { DerivedPanel } from './derived-panel';
import { AppointmentPaymentLine } from '../../payments/agenda';
import { useGrowthPreview } from '../lib/use-growth-preview';
import { StickyActions } from '../../../components/sticky-actions';

// packages/contracts consultations.ts: note 4000, summaryNote 1000 (the root import would evaluate every schema).
const CONSULTATION_NOTE_MAX = 4000;
const CONSULTATION_SUMMARY_NOTE_MAX = 1000;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'dd-mm-yyyy' (or d/m/yyyy) typed in a date field → 'YYYY-MM-DD'. */
function parseTypedDate(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = dayjs(iso);
  return date.isValid() && date.format('YYYY-MM-DD') === iso ? iso : null;
}

/** Mantine may hand a date with a time part ('YYYY-MM-DD HH:mm:ss'); the API wants the calendar date. */
const calendarDate = (value: string | null) => (value ? value.slice(0, 10) : null);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Enter in a single-line input must never submit the form: it moves on like Tab does not, it just stays. */
function preventEnterSubmit(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
}

/** i18n key of each Lee 2000 ethnicity term (the option values contain a dot and a minus sign). */
const RACE_TERM_KEYS: Record<RaceTermOption, 'default' | 'asian' | 'africanAmerican'> = { '0': 'default', '-2': 'asian', '1.1': 'africanAmerican' };

export interface ConsultationFormProps {
  patient: Patient;
  /** Start the consultation from this appointment (pre-filled from it; linked to it when saved). */
  appointmentId?: string | null;
  /** Edit this saved consultation instead of creating one. */
  consultationId?: string | null;
}

export function ConsultationForm({ patient, appointmentId = null, consultationId = null }: ConsultationFormProps) {
  const { t } = useTranslation('consultations');
  const latest = useLatestMeasurements(patient.id);
  const pregnancies = usePregnancies(patient.id);
  const appointment = useAppointment(appointmentId);
  const consultation = useConsultation(consultationId);
  // A disabled query stays 'pending': wait only for the ones this mode uses.
  if (latest.isPending || (pregnancies.isPending && !pregnancies.isError)) return <Loader />;
  if (appointmentId && appointment.isPending) return <Loader />;
  if (consultationId && consultation.isPending) return <Loader />;
  if (consultationId && !consultation.data) return <Alert color="red">{t('edit.notFound')}</Alert>;
  const linked = appointmentId && appointment.data && appointment.data.patientId === patient.id ? appointment.data : null;
  // Height rarely changes between visits: pre-fill it from the last one (or the record).
  const lastHeight = latest.data?.lastHeightCm ?? patient.heightCm ?? null;
  return (
    <>
      {appointmentId && !linked ? <Alert color="yellow">{t('fromAppointment.notFound')}</Alert> : null}
      {linked ? <AppointmentPaymentLine appointment={linked} /> : null}
      <ConsultationFormFields
        patient={patient}
        initialHeightCm={lastHeight}
        pregnancies={pregnancies.data ?? []}
        appointment={linked}
        editing={consultation.data ?? null}
      />
    </>
  );
}

function initialValues(
  patient: Patient,
  initialHeightCm: number | null,
  pregnancies: readonly Pregnancy[],
  appointment: Appointment | null,
  editing: Consultation | null,
): ConsultationFormValues {
  if (editing) return valuesFromConsultation(editing);
  const today = dayjs().format('YYYY-MM-DD');
  let values: ConsultationFormValues = {
    ...emptyFormValues(today, dayjs().format('HH:mm'), patient.sex),
    heightCm: initialHeightCm === null ? '' : String(initialHeightCm).replace('.', ','),
  };
  if (appointment) values = valuesFromAppointment(values, appointment, today);
  // FUM and pre-pregnancy weight from the open record: the preview then shows what the server will use.
  return patient.sex === 'm' ? values : withRecordedPregnancy(values, pregnancyOn(pregnancies, values.date));
}

function ConsultationFormFields({
  patient,
  initialHeightCm,
  pregnancies,
  appointment,
  editing,
}: {
  patient: Patient;
  initialHeightCm: number | null;
  pregnancies: readonly Pregnancy[];
  appointment: Appointment | null;
  editing: Consultation | null;
}) {
  const { t } = useTranslation('consultations');
  const navigate = useNavigate();
  const [values, setValues] = useState<ConsultationFormValues>(() =>
    initialValues(patient, initialHeightCm, pregnancies, appointment, editing),
  );
  const locations = useLocations();
  const services = useServices(values.locationId);
  const create = useCreateConsultation(patient.id);
  const update = useUpdateConsultation();
  const [attempted, setAttempted] = useState(false);

  const set = <K extends keyof ConsultationFormValues>(key: K, value: ConsultationFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setIn = <G extends 'skinfolds' | 'girths' | 'breadths' | 'bioimpedance'>(group: G, key: string, value: string) =>
    setValues((v) => ({ ...v, [group]: { ...v[group], [key]: value } }));

  const recorded = useMemo(() => pregnancyOn(pregnancies, values.date), [pregnancies, values.date]);
  const showPregnancy = showPregnancySection(patient, recorded);
  const preview = useMemo(() => livePreview(patient, values, recorded), [patient, values, recorded]);
  // Under 19 at the consultation date: the WHO references apply (position of the height; head under 5).
  const childBand = growthBandAt(patient.birthDate, values.date);
  const showHead = childBand === 'who2006' || values.girths.head !== '';
  const growth = useGrowthPreview(growthInputOf(patient, values));
  const warnings = formWarnings(patient, values, recorded);
  const invalid = invalidNumberFields(values);
  const timeValid = TIME_OF_DAY.test(values.time);

  const save = async () => {
    setAttempted(true);
    if (invalid.length > 0 || !timeValid || !values.date) return;
    const record = `/ficha?paciente=${encodeURIComponent(patient.id)}&tab=consultas`;
    if (editing) {
      await update.mutateAsync({ id: editing.id, body: updateBody(patient, values, editing.version, recorded) });
      showSuccess(t('edit.savedTitle'), t('edit.saved'));
      void navigate(record);
      return;
    }
    const saved = await create.mutateAsync(requestBody(patient, values, { recorded, appointmentId: appointment?.id ?? null }));
    if (saved.summaryEmail.requested && saved.summaryEmail.reason === 'NO_PATIENT_EMAIL') {
      showWarning(t('saved.title'), t('saved.emailNoAddress'));
    } else {
      showSuccess(t('saved.title'), saved.summaryEmail.queued ? t('saved.emailQueued') : t('saved.message'));
    }
    void navigate(record);
  };

  const locationOptions = (locations.data ?? []).filter((l) => !l.disabled).map((l) => ({ value: l.id, label: l.name }));
  const serviceOptions = (services.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const defaultFactor = patient.sex ? formatNumber(DEFAULT_ACTIVITY_FACTOR[patient.sex], 2) : '';

  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(event) => {
        event.preventDefault();
        void save().catch(() => undefined);
      }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Section title={t('sections.visit')}>
              {appointment ? (
                <Alert color="blue" variant="light" mb="sm" icon={<IconCalendarEvent aria-hidden />} data-testid="from-appointment">
                  {t('fromAppointment.banner', {
                    date: formatInstantDate(appointment.start),
                    time: formatTime(appointment.start),
                    place: appointment.locationName,
                  })}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <DateInput
                  label={t('fields.date')}
                  valueFormat="DD-MM-YYYY"
                  dateParser={(text) => parseTypedDate(text)}
                  firstDayOfWeek={1}
                  maxDate={dayjs().format('YYYY-MM-DD')}
                  value={values.date}
                  onChange={(value) => set('date', calendarDate(value) ?? '')}
                  required
                  popoverProps={{ withinPortal: true }}
                />
                <TextInput
                  label={t('fields.time')}
                  placeholder="HH:mm"
                  value={values.time}
                  inputMode="numeric"
                  maxLength={5}
                  onChange={(event) => set('time', event.currentTarget.value.replace(/[^\d:]/g, ''))}
                  error={!timeValid && values.time !== '' ? t('invalidTime') : undefined}
                  required
                />
                <Select
                  label={t('fields.location')}
                  placeholder={t('fields.noLocation')}
                  data={locationOptions}
                  value={values.locationId}
                  onChange={(value) => setValues((v) => ({ ...v, locationId: value, serviceId: null }))}
                  clearable
                />
                <Select
                  label={t('fields.service')}
                  placeholder={t('fields.noService')}
                  data={serviceOptions}
                  value={values.serviceId}
                  onChange={(value) => set('serviceId', value)}
                  disabled={!values.locationId}
                  clearable
                />
              </SimpleGrid>
            </Section>

            <Section title={t('sections.body')}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <DecimalField label={t('fields.weightKg')} value={values.weightKg} onValueChange={(v) => set('weightKg', v)} />
                <DecimalField label={t('fields.heightCm')} value={values.heightCm} onValueChange={(v) => set('heightCm', v)} />
                <DecimalField label={t('fields.usualWeightKg')} value={values.usualWeightKg} onValueChange={(v) => set('usualWeightKg', v)} />
                <DecimalField label={t('fields.targetWeightKg')} value={values.targetWeightKg} onValueChange={(v) => set('targetWeightKg', v)} />
              </SimpleGrid>
              {childBand ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="measured-position-label">
                      {t('growth.position')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="measured-position-label"
                      data={MEASURED_POSITIONS.map((position) => ({ value: position, label: t(`growth.positions.${position}`) }))}
                      value={values.measuredLying}
                      onChange={(value) => set('measuredLying', value as MeasuredPosition)}
                      fullWidth
                    />
                    <Text size="xs" c="dimmed">
                      {t('growth.positionHint')}
                    </Text>
                  </Stack>
                  {showHead ? (
                    <DecimalField label={t('growth.headCircumference')} value={values.girths.head} onValueChange={(v) => setIn('girths', 'head', v)} />
                  ) : null}
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="oedema-label">
                      {t('growth.oedema')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="oedema-label"
                      data-testid="oedema"
                      data={[
                        { value: 'no', label: t('growth.oedemaOptions.no') },
                        { value: 'yes', label: t('growth.oedemaOptions.yes') },
                      ]}
                      value={values.oedema ? 'yes' : 'no'}
                      onChange={(value) => set('oedema', value === 'yes')}
                      fullWidth
                    />
                  </Stack>
                </SimpleGrid>
              ) : null}
            </Section>

            {showPregnancy ? (
              <Section title={t('sections.pregnancy')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <DateInput
                    label={t('fields.lastMenstrualPeriod')}
                    valueFormat="DD-MM-YYYY"
                    dateParser={(text) => parseTypedDate(text)}
                    firstDayOfWeek={1}
                    maxDate={values.date || undefined}
                    value={values.lastMenstrualPeriod}
                    onChange={(value) => set('lastMenstrualPeriod', calendarDate(value))}
                    clearable
                    clearButtonProps={{ 'aria-label': t('fields.clearDate') }}
                  />
                  <DecimalField
                    label={t('fields.preGestationalWeightKg')}
                    value={values.preGestationalWeightKg}
                    onValueChange={(v) => set('preGestationalWeightKg', v)}
                  />
                </SimpleGrid>
              </Section>
            ) : null}

            <Section title={t('sections.skinfolds')}>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
                {SKINFOLD_SITES.map((site) => (
                  <DecimalField
                    key={site}
                    label={t(`skinfolds.${site}`)}
                    value={values.skinfolds[site]}
                    onValueChange={(v) => setIn('skinfolds', site, v)}
                  />
                ))}
              </SimpleGrid>
            </Section>

            <Section title={t('sections.girths')}>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
                {GIRTH_SITES.filter((site) => site !== 'head').map((site) => (
                  <DecimalField key={site} label={t(`girths.${site}`)} value={values.girths[site]} onValueChange={(v) => setIn('girths', site, v)} />
                ))}
              </SimpleGrid>
            </Section>

            <Section title={t('sections.breadths')}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                {BREADTH_SITES.map((site) => (
                  <DecimalField
                    key={site}
                    label={t(`breadths.${site}`)}
                    value={values.breadths[site]}
                    onValueChange={(v) => setIn('breadths', site, v)}
                  />
                ))}
              </SimpleGrid>
            </Section>

            <Section title={t('sections.bioimpedance')}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                {BIOIMPEDANCE_FIELDS.map((field) => (
                  <DecimalField
                    key={field}
                    label={t(`bioimpedance.${field}`)}
                    value={values.bioimpedance[field]}
                    onValueChange={(v) => setIn('bioimpedance', field, v)}
                  />
                ))}
              </SimpleGrid>
            </Section>

            <Section title={t('sections.energy')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <DecimalField
                  label={t('fields.activityFactor')}
                  description={defaultFactor ? t('fields.activityFactorHint', { value: defaultFactor }) : undefined}
                  value={values.activityFactor}
                  onValueChange={(v) => set('activityFactor', v)}
                />
                <Select
                  label={t('fields.raceTerm')}
                  description={t('fields.raceTermHint')}
                  data={RACE_TERM_OPTIONS.map((option) => ({ value: option, label: t(`raceTerms.${RACE_TERM_KEYS[option]}`) }))}
                  value={values.raceTerm}
                  onChange={(value) => set('raceTerm', (value ?? '0') as RaceTermOption)}
                  allowDeselect={false}
                />
              </SimpleGrid>
            </Section>

            <Section title={t('sections.note')}>
              <Stack gap="sm">
                <AutoTextarea label={t('fields.note')} minRows={2} max={CONSULTATION_NOTE_MAX} value={values.note} onChange={(e) => set('note', e.currentTarget.value)} />
                <AutoTextarea
                  label={t('fields.summaryNote')}
                  minRows={2}
                  max={CONSULTATION_SUMMARY_NOTE_MAX}
                  value={values.summaryNote}
                  onChange={(e) => set('summaryNote', e.currentTarget.value)}
                />
                {editing ? null : (
                  <Checkbox
                    label={t('fields.sendSummaryEmail')}
                    checked={values.sendSummaryEmail}
                    onChange={(e) => set('sendSummaryEmail', e.currentTarget.checked)}
                    description={!patient.email ? t('fields.noEmail') : undefined}
                  />
                )}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md" pos="sticky" top={72}>
            <Paper withBorder radius="md" p="md">
              <DerivedPanel
                derived={preview.result?.derived ?? null}
                missing={preview.result?.missing ?? []}
                missingSex={preview.missingSex}
                showPregnancy={showPregnancy}
                growth={growth}
                oedema={childBand !== null && values.oedema}
              />
            </Paper>
            {warnings.length > 0 ? (
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('sections.warnings')} data-testid="form-warnings">
                <List size="sm" spacing={4}>
                  {warnings.map((code) => (
                    <List.Item key={code}>{t(`warnings.${code}`)}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {attempted && (invalid.length > 0 || !timeValid) ? (
              <Text c="red" size="sm" role="alert">
                {!timeValid ? t('invalidTime') : t('invalidNumber')}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <StickyActions testId="consultation-actions">
        <Button variant="default" onClick={() => void navigate(-1)}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {editing ? t('actions.saveChanges') : t('actions.save')}
        </Button>
      </StickyActions>
    </form>
  );
}
