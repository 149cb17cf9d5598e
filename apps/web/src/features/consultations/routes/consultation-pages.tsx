// Consultations feature routes: /nueva-consulta[?paciente=<id>[&turno=<appointment id>|&consulta=<id>]].
// Without a patient it shows a picker; with one, the consultation form (live derived values) and the
// patient's previous consultations. `turno` starts the visit from an appointment (linked on saving);
// `consulta` opens a saved consultation for correction.
import type { Patient } from '@almendra/contracts';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePatient, usePatientTypes } from '../api/consultations-api';
import { ConsultationForm } from '../components/consultation-form';
import { ConsultationsTab } from '../components/consultations-tab';
import { PatientPicker } from '../components/patient-picker';

function PatientLine({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation('consultations');
  const types = usePatientTypes();
  const name = `${patient.firstName} ${patient.lastName}`;
  const age = patient.ageYears === null ? t('ageUnknown') : t('ageYears', { count: patient.ageYears });
  const sex = patient.sex ? t(`sex.${patient.sex}`) : t('sex.unknown');
  // The catalogue's name in the interface language ("Genérico", "Generic"), never "Tipo 14".
  const known = types.data?.find((ty) => ty.id === patient.typeId);
  const type = known ? (i18n.language.startsWith('en') ? known.nameEn : known.name) : patient.typeId === 2 ? t('athlete') : t('generic', { id: patient.typeId });
  return (
    <Group gap="sm" wrap="wrap">
      <Text fw={600} data-testid="patient-line">
        {t('patientLine', { name, age, sex, type })}
      </Text>
      {patient.pregnant ? <Text c="dimmed">· {t('pregnant')}</Text> : null}
      <Anchor component={Link} to={`/ficha?paciente=${encodeURIComponent(patient.id)}&tab=consultas`}>
        {t('actions.openRecord')}
      </Anchor>
    </Group>
  );
}

export function NewConsultationPage() {
  const { t } = useTranslation(['consultations', 'common']);
  const [params, setParams] = useSearchParams();
  const patientId = params.get('paciente');
  const appointmentId = params.get('turno');
  const consultationId = params.get('consulta');
  const patient = usePatient(patientId);
  const title = consultationId ? t('consultations:edit.title') : t('consultations:title');
  useDocumentTitle(`${title} · ${t('common:appName')}`);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {!patientId ? <PatientPicker onPick={(id) => setParams({ paciente: id })} /> : null}
      {patientId && patient.isPending ? <PageLoader /> : null}
      {patientId && patient.isError ? <Alert color="red">{t('consultations:picker.nothingFound')}</Alert> : null}
      {patient.data ? (
        <>
          <PatientLine patient={patient.data} />
          <ConsultationForm
            key={`${patient.data.id}|${appointmentId ?? ''}|${consultationId ?? ''}`}
            patient={patient.data}
            appointmentId={consultationId ? null : appointmentId}
            consultationId={consultationId}
          />
          <Stack gap="sm" component="section" aria-labelledby="previous-title">
            <Title order={2} id="previous-title">
              {t('consultations:tab.title')}
            </Title>
            <Paper p={0} bg="transparent">
              <ConsultationsTab patient={patient.data} />
            </Paper>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
