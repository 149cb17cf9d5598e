// /ficha?id=…: header (photo, name, age, type, contact links, Nueva consulta, JSON and PDF export, delete)
// and tabs: personal data and clinical record sections (each saved on its own), consultations (from the
// consultations feature), plans, notes (from the notes feature), the daily log the patient
// keeps in the portal, and the record's change history; the portal access card sits under personal data.
import { Component, Suspense, lazy, useDeferredValue, useState, type ReactNode } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBrandWhatsapp,
  IconCalendarPlus,
  IconDownload,
  IconFileTypePdf,
  IconMail,
  IconNotes,
  IconPhone,
  IconSalad,
  IconTrash,
  IconNotebook,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Patient } from '@almendra/contracts';
import { patientKeys, patientQuery, patientsApi, recordPatientId } from '../api/patients-api';
import { formatDate } from '../lib/format';
import { todayIso } from '../../../lib/calendar-date';
import { api } from '../../../lib/api-client';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { showError, showSuccess } from '../../../lib/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { LabsSection } from './labs-section';
import { ActivitySection, BackgroundSection, HabitsSection, RemindersSection } from './other-sections';
import { PatientHistory } from './patient-history';
import { PersonalSection } from './personal-section';
import { PhotoPicker } from './photo-picker';
import { PregnancySection } from './pregnancy-section';
import { PromotePatientButton } from './promote-patient';

const ConsultationsTab = lazy(() => import('../../consultations').then((m) => ({ default: m.ConsultationsTab })));
const PatientPlansTab = lazy(() => import('../../plans').then((m) => ({ default: m.PatientPlansTab })));
const PortalAccessCard = lazy(() => import('../../portal').then((m) => ({ default: m.PortalAccessCard })));
const DailyLogTab = lazy(() => import('../../portal').then((m) => ({ default: m.DailyLogTab })));
const PatientNotesTab = lazy(() => import('../../notes').then((m) => ({ default: m.PatientNotesTab })));
const PatientPaymentsTab = lazy(() => import('../../payments').then((m) => ({ default: m.PatientPaymentsTab })));

/** ?tab= in the record's address (Spanish, as other screens link to it) → the tab to open. */
const TAB_BY_PARAM: Record<string, string> = {
  ficha: 'record',
  consultas: 'consultations',
  planes: 'plans',
  notas: 'notes',
  cobros: 'payments',
  'registro-diario': 'dailyLog',
  historial: 'history',
};

class TabBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function PatientRecord() {
  const { t } = useTranslation(['patients', 'nav', 'common']);
  const [params] = useSearchParams();
  const id = recordPatientId(params);
  const patient = useQuery({ ...patientQuery(id), enabled: id !== '' });
  useDocumentTitle(
    `${patient.data ? `${patient.data.firstName} ${patient.data.lastName}` : t('nav:pages.patientRecord')} · ${t('common:appName')}`,
  );
  if (!id || patient.isError) {
    return (
      <Stack>
        <Title order={1}>{t('nav:pages.patientRecord')}</Title>
        <Alert variant="light" data-testid="record-missing">
          {t('patients:record.missing')}{' '}
          <Anchor component={Link} to="/pacientes">
            {t('patients:record.backToList')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  if (!patient.data) return <Loader aria-label={t('common:loading')} />;
  return <RecordView patient={patient.data} />;
}

function RecordView({ patient }: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const readOnly = patient.deletedAt != null;
  const [params] = useSearchParams();
  const [tab, setTab] = useState<string | null>(TAB_BY_PARAM[params.get('tab') ?? ''] ?? 'record');
  // The header (name, age, contact, actions) paints first; the record's sections (the personal-data form
  // with its ~25 fields, the clinical sections) render right after, in a background render React
  // interrupts for input and lets the browser paint around. In one commit, on a throttled phone, the
  // form's ~0.3 s of rendering held back the patient's name as well (issue 15).
  const showSections = useDeferredValue(true, false);
  return (
    <Stack gap="lg">
      <RecordHeader patient={patient} />
      {readOnly && (
        <Alert color="yellow" variant="light" data-testid="record-in-trash">
          {t('record.inTrash')}
        </Alert>
      )}
      {patient.isNew && !readOnly && (
        <Alert color="orange" variant="light" data-testid="record-new-hint">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('promote.recordHint')}</Text>
            <PromotePatientButton patientId={patient.id} name={`${patient.firstName} ${patient.lastName}`} />
          </Group>
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="record">{t('tabs.record')}</Tabs.Tab>
          <Tabs.Tab value="consultations">{t('tabs.consultations')}</Tabs.Tab>
          <Tabs.Tab value="plans">{t('tabs.plans')}</Tabs.Tab>
          <Tabs.Tab value="notes">{t('tabs.notes')}</Tabs.Tab>
          <Tabs.Tab value="payments">{t('tabs.payments')}</Tabs.Tab>
          <Tabs.Tab value="dailyLog" rightSection={<DailyLogBadge patientId={patient.id} />}>
            {t('tabs.dailyLog')}
          </Tabs.Tab>
          <Tabs.Tab value="history">{t('tabs.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="record" pt="md">
          {showSections ? (
            <Stack gap="md">
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="section-personal">
                <Title order={2} size="h4" id="section-personal" mb="md">
                  {t('sections.personal')}
                </Title>
                <PersonalSection patient={patient} readOnly={readOnly} />
              </Paper>
              <TabBoundary fallback={null}>
                <Suspense fallback={null}>
                  <PortalAccessCard patient={patient} readOnly={readOnly} />
                </Suspense>
              </TabBoundary>
              <Accordion variant="separated" multiple defaultValue={patient.pregnant ? ['pregnancy'] : []}>
                {(
                  [
                    ['pregnancy', <PregnancySection key="p" patient={patient} readOnly={readOnly} />],
                    ['background', <BackgroundSection key="b" patient={patient} readOnly={readOnly} />],
                    ['habits', <HabitsSection key="h" patient={patient} readOnly={readOnly} />],
                    ['labs', <LabsSection key="l" patient={patient} readOnly={readOnly} />],
                    ['reminders', <RemindersSection key="r" patient={patient} readOnly={readOnly} />],
                    ['activity', <ActivitySection key="a" patient={patient} readOnly={readOnly} />],
                  ] as const
                ).map(([value, content]) => (
                  <Accordion.Item key={value} value={value}>
                    <Accordion.Control>
                      <Title order={2} size="h5" component="span">
                        {t(`sections.${value}`)}
                      </Title>
                    </Accordion.Control>
                    <Accordion.Panel>{content}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          ) : (
            <Loader aria-label={t('record.loading')} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="consultations" pt="md">
          <TabBoundary fallback={<Empty icon={<IconNotebook size={24} aria-hidden />} text={t('tabs.consultationsEmpty')} />}>
            <Suspense fallback={<Loader aria-label={t('record.loading')} />}>
              <ConsultationsTab patient={patient} />
            </Suspense>
          </TabBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="plans" pt="md">
          <TabBoundary fallback={<Empty icon={<IconSalad size={24} aria-hidden />} text={t('tabs.plansEmpty')} />}>
            <Suspense fallback={<Loader aria-label={t('record.loading')} />}>
              <PatientPlansTab patient={patient} />
            </Suspense>
          </TabBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <TabBoundary fallback={<Empty icon={<IconNotes size={24} aria-hidden />} text={t('tabs.notesEmpty')} />}>
            <Suspense fallback={<Loader aria-label={t('record.loading')} />}>
              <PatientNotesTab patientId={patient.id} readOnly={readOnly} />
            </Suspense>
          </TabBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <TabBoundary fallback={<Empty icon={<IconNotes size={24} aria-hidden />} text={t('tabs.paymentsEmpty')} />}>
            <Suspense fallback={<Loader aria-label={t('record.loading')} />}>
              <PatientPaymentsTab patient={patient} readOnly={readOnly} />
            </Suspense>
          </TabBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="dailyLog" pt="md">
          <TabBoundary fallback={<Empty icon={<IconNotebook size={24} aria-hidden />} text={t('tabs.dailyLogEmpty')} />}>
            <Suspense fallback={<Loader aria-label={t('record.loading')} />}>
              <DailyLogTab patient={patient} />
            </Suspense>
          </TabBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <PatientHistory patientId={patient.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** New daily-log entries of the patient (portal), counted live: the tab's badge. */
function DailyLogBadge({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const unseen = useQuery({
    queryKey: ['portal', 'patient-log', patientId, 'unseen'],
    queryFn: async () => (await api.get<{ unseenCount: number }>(`/patients/${encodeURIComponent(patientId)}/daily-log?from=${todayIso()}&to=${todayIso()}`)).unseenCount,
  });
  useRealtimeEvents(['dailylog.entry'], (event) => {
    if (event.patientId === patientId) void queryClient.invalidateQueries({ queryKey: ['portal', 'patient-log', patientId] });
  });
  if (!unseen.data) return null;
  return (
    <Badge size="sm" color="red" circle={unseen.data < 10} data-testid="daily-log-badge" aria-label={t('tabs.dailyLogUnseen', { count: unseen.data })}>
      {unseen.data}
    </Badge>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return <EmptyState size="sm" variant="light" icon={icon} description={text} data-testid="record-tab-empty" />;
}

function RecordHeader({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation('patients');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const types = useQuery({ queryKey: ['patient-types'], queryFn: patientsApi.types, staleTime: Infinity });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = `${patient.firstName} ${patient.lastName}`;
  const type = types.data?.find((ty) => ty.id === patient.typeId);
  const readOnly = patient.deletedAt != null;
  const mobile = whatsappNumber(patient.mobileAreaCode, patient.mobileNumber, patient.phone);
  const phone = patient.phone ?? (patient.mobileNumber ? `${patient.mobileAreaCode ?? ''}${patient.mobileNumber}` : null);
  const greeting = t('record.whatsappGreeting', { name: patient.firstName, nutritionist: me.data?.nutritionist?.firstName ?? '' });

  const photo = useMutation({
    mutationFn: ({ blob, filename }: { blob: Blob; filename: string }) => patientsApi.uploadPhoto(patient.id, blob, filename),
    onSuccess: (updated) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => patientsApi.remove(patient.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      showSuccess(t('record.deletedTitle'), t('record.deleted', { name }));
      void navigate('/pacientes');
    },
  });
  const [exporting, setExporting] = useState<'json' | 'pdf' | null>(null);
  const exportData = async (format: 'json' | 'pdf') => {
    setExporting(format);
    try {
      const blob =
        format === 'json'
          ? new Blob([JSON.stringify(await patientsApi.exportRecord(patient.id), null, 2)], { type: 'application/json' })
          : await patientsApi.exportPdf(patient.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${format === 'json' ? 'paciente' : 'ficha'}-${patient.lastName}-${patient.firstName}.${format}`.replace(/\s+/g, '-').toLowerCase();
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      // The export is itself a line of the change history.
      void queryClient.invalidateQueries({ queryKey: ['patients', 'section', patient.id, 'audit'] });
    } catch (error) {
      showError(error);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group align="center" gap="lg" wrap="wrap">
          {readOnly ? (
            <Avatar src={patient.photoUrl} alt={t('photo.alt', { name })} size={88} radius={88} />
          ) : (
            <PhotoPicker
              src={patient.photoUrl}
              name={name}
              busy={photo.isPending}
              onPhoto={(blob, filename) => photo.mutate({ blob, filename })}
            />
          )}
          <Stack gap={4}>
            <Title order={1} data-testid="record-name">
              {name}
            </Title>
            <Group gap="xs">
              {patient.ageYears != null && <Text>{t('ageYears', { count: patient.ageYears })}</Text>}
              {type && (
                <Badge variant="light" data-testid="record-type">
                  {i18n.language.startsWith('en') ? type.nameEn : type.name}
                </Badge>
              )}
              {patient.isNew && (
                <Badge color="orange" variant="light" data-testid="record-new">
                  {t('promote.badge')}
                </Badge>
              )}
              {patient.pregnant && (
                <Badge color="grape" variant="light">
                  {t('pregnancy.open')}
                </Badge>
              )}
            </Group>
            {patient.startDate && (
              <Text size="sm" c="dimmed">
                {t('record.since', { date: formatDate(patient.startDate) })}
              </Text>
            )}
            <Group gap="xs" mt={4}>
              {phone && (
                <Button component="a" href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="xs" variant="light" leftSection={<IconPhone size={14} aria-hidden />}>
                  {t('record.call')}
                </Button>
              )}
              {patient.email && (
                <Button component="a" href={`mailto:${patient.email}`} size="xs" variant="light" leftSection={<IconMail size={14} aria-hidden />}>
                  {t('record.email')}
                </Button>
              )}
              {mobile && (
                <Button
                  component="a"
                  href={whatsappLink(mobile, greeting)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  variant="light"
                  leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
                >
                  {t('record.whatsapp')}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          {!readOnly && (
            <Button component={Link} to={`/nueva-consulta?paciente=${encodeURIComponent(patient.id)}`} leftSection={<IconCalendarPlus size={16} aria-hidden />}>
              {t('record.newConsultation')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void exportData('json')} loading={exporting === 'json'}>
            {t('record.export')}
          </Button>
          <Button variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => void exportData('pdf')} loading={exporting === 'pdf'}>
            {t('record.exportPdf')}
          </Button>
          {!readOnly && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              {t('record.delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('record.deleteTitle')}>
        <Stack>
          <Text>{t('record.deleteMessage', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('record.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
