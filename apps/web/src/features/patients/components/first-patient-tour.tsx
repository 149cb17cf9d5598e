// First-patient tour (seed 1 section 4): shown while the account's tour is 'sin_tour' (GET
// /me/onboarding: the server says 'completed' as soon as the practice has any patient, active, new or
// in the trash), a popup asks nombre, apellido and genero, shows animated dots while it creates the
// patient and opens the record. Dismissing it is kept on the account (every device) and in this browser.
import { useState } from 'react';
import { Affix, CloseButton, Group, Button, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { patientKeys, patientsApi } from '../api/patients-api';
import { showError } from '../../../lib/toast';
import { onboardingKey, onboardingQuery, updateOnboarding } from '../../onboarding';
import { preventEnterSubmit } from './form-keys';
import classes from './patients.module.css';

export const TOUR_STORAGE_KEY = 'almendra.firstPatientTour';

function tourDone(): boolean {
  try {
    return window.localStorage.getItem(TOUR_STORAGE_KEY) === 'done';
  } catch {
    return true;
  }
}

function markTourDone(): void {
  try {
    window.localStorage.setItem(TOUR_STORAGE_KEY, 'done');
  } catch {
    // Storage unavailable: the popup may show again, which is harmless.
  }
}

export function FirstPatientTour() {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(tourDone);
  const onboarding = useQuery({ ...onboardingQuery(), enabled: !dismissed });
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [sex, setSex] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);

  if (dismissed || onboarding.data?.firstPatientTour !== 'sin_tour') return null;

  const close = () => {
    markTourDone();
    setDismissed(true);
    updateOnboarding(queryClient, { firstPatientTour: 'dismissed' }).catch(() => undefined);
  };

  const submit = async () => {
    const next: Record<string, string> = {};
    if (!firstName.trim()) next.firstName = t('tour.firstNameRequired');
    if (!lastName.trim()) next.lastName = t('tour.lastNameRequired');
    if (sex !== 'm' && sex !== 'f') next.sex = t('tour.sexRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setCreating(true);
    try {
      const patient = await patientsApi.create({ firstName, lastName, sex: sex as 'm' | 'f' });
      markTourDone();
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      setDismissed(true);
      void navigate(`/ficha?id=${encodeURIComponent(patient.id)}`);
    } catch (error) {
      setCreating(false);
      showError(error);
    }
  };

  return (
    // A non-modal popup in the corner: it invites without locking the rest of the screen.
    <Affix position={{ bottom: 24, right: 24 }} zIndex={190}>
      <Paper
        withBorder
        shadow="xl"
        radius="md"
        p="lg"
        w={380}
        maw="calc(100vw - 48px)"
        role="dialog"
        aria-labelledby="first-patient-tour-title"
      >
        <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
          <Title order={2} size="h4" id="first-patient-tour-title">
            {t('tour.title')}
          </Title>
          <CloseButton onClick={close} aria-label={t('tour.dismiss')} />
        </Group>
      {creating ? (
        <Stack align="center" py="lg" role="status" aria-live="polite" data-testid="tour-loading">
          <span className={classes.dots} aria-hidden>
            <span />
            <span />
            <span />
          </span>
          <Text>{t('tour.creating')}</Text>
        </Stack>
      ) : (
        <form
          noValidate
          onKeyDown={preventEnterSubmit}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text>{t('tour.intro')}</Text>
            <TextInput
              label={t('tour.firstName')}
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.firstName}
              required
            />
            <TextInput
              label={t('tour.lastName')}
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.lastName}
              required
            />
            <Radio.Group label={t('tour.sex')} value={sex} onChange={setSex} error={errors.sex} required withAsterisk={false}>
              <Group mt={6}>
                <Radio value="f" label={t('sex.f')} />
                <Radio value="m" label={t('sex.m')} />
              </Group>
            </Radio.Group>
            <Group justify="space-between">
              <Button variant="subtle" onClick={close}>
                {t('tour.later')}
              </Button>
              <Button type="submit">{t('tour.continue')}</Button>
            </Group>
          </Stack>
        </form>
      )}
      </Paper>
    </Affix>
  );
}
