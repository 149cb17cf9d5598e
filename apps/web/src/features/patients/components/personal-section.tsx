// The record's personal data: the same form as /nuevo-paciente, saved with PATCH (only the changed
// fields + the version it loaded). Leaving with unsaved changes asks first (in-app navigation through
// useBlocker, which keeps the pending route; closing or reloading the tab through beforeunload).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { Patient } from '@almendra/contracts';
import { fieldErrors, patientKeys, patientsApi } from '../api/patients-api';
import { changedFields, sameValues, valuesFromPatient, type PatientValues } from '../lib/patient-values';
import { showError, showSuccess } from '../../../lib/toast';
import { PatientForm, preventEnterSubmit } from './patient-form';
import { focusFirstInvalidSoon } from '../../../lib/form-focus';
import { StickyActions } from '../../../components/sticky-actions';

export function PersonalSection({ patient, readOnly }: { patient: Patient; readOnly: boolean }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const loaded = useMemo(() => valuesFromPatient(patient), [patient]);
  const [values, setValues] = useState<PatientValues>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !sameValues(values, loaded);

  const save = useMutation({
    mutationFn: () => patientsApi.update(patient.id, { ...changedFields(loaded, values), version: patient.version }),
    meta: { silent: true },
    onSuccess: (updated) => {
      setErrors({});
      queryClient.setQueryData(patientKeys.detail(patient.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      setValues(valuesFromPatient(updated));
      showSuccess(t('record.savedTitle'), t('record.saved'));
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      focusFirstInvalidSoon(formRef.current);
      showError(error);
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) save.mutate();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <PatientForm values={values} onChange={setValues} errors={errors} idPrefix="record" />
          <StickyActions>
            {dirty && (
              <Text size="sm" c="dimmed" role="status">
                {t('record.unsaved')}
              </Text>
            )}
            <Button variant="default" disabled={!dirty} onClick={() => setValues(loaded)}>
              {t('actions.discard')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('record.savePersonal')}
            </Button>
          </StickyActions>
        </Stack>
      </fieldset>
      {dirty ? <LeaveGuard /> : null}
    </form>
  );
}

/**
 * Mounted only while there are unsaved changes: asks before leaving the record (in-app navigation) and
 * lets the browser ask before closing or reloading the tab. Not in the section itself because
 * useBlocker registers in an effect that sets state: on the record's first paint that re-rendered the
 * whole personal form once more (~0.1 s of a throttled phone's CPU) for a guard with nothing to guard.
 */
function LeaveGuard() {
  const { t } = useTranslation('patients');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('guard.title')}
    >
      <Stack>
        <Text>{t('guard.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('guard.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('guard.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
