// /nuevo-paciente: every personal field, an optional photo (file or webcam), then the record opens.
import { useEffect, useRef, useState } from 'react';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrors, patientKeys, patientsApi } from '../api/patients-api';
import { emptyPatientValues, requestFromValues, type PatientValues } from '../lib/patient-values';
import { showError, showSuccess } from '../../../lib/toast';
import { PatientForm, preventEnterSubmit } from './patient-form';
import { PhotoPicker } from './photo-picker';
import { focusFirstInvalidSoon } from '../../../lib/form-focus';
import { StickyActions } from '../../../components/sticky-actions';

export function NewPatient() {
  const { t } = useTranslation(['patients', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.newPatient')} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PatientValues>(emptyPatientValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photo, setPhoto] = useState<{ blob: Blob; filename: string; url: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url);
  }, [photo]);

  const submit = async () => {
    setSaving(true);
    try {
      let patient = await patientsApi.create(requestFromValues(values));
      if (photo) {
        try {
          patient = await patientsApi.uploadPhoto(patient.id, photo.blob, photo.filename);
        } catch (error) {
          showError(error);
        }
      }
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      showSuccess(t('patients:create.doneTitle'), t('patients:create.done', { name: `${patient.firstName} ${patient.lastName}` }));
      void navigate(`/ficha?id=${encodeURIComponent(patient.id)}`);
    } catch (error) {
      setErrors(fieldErrors(error));
      focusFirstInvalidSoon(formRef.current);
      showError(error);
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('nav:pages.newPatient')}</Title>
      <Paper withBorder radius="md" p="lg">
        <form
          ref={formRef}
          noValidate
          onKeyDown={preventEnterSubmit}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="lg">
            <PhotoPicker
              src={photo?.url ?? null}
              name={`${values.firstName} ${values.lastName}`}
              onPhoto={(blob, filename) => setPhoto({ blob, filename, url: URL.createObjectURL(blob) })}
            />
            <PatientForm values={values} onChange={setValues} errors={errors} idPrefix="new" />
            <StickyActions>
              <Button variant="default" onClick={() => void navigate('/pacientes')}>
                {t('patients:actions.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('patients:create.submit')}
              </Button>
            </StickyActions>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
