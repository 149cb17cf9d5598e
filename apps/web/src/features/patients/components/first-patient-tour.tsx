// First-patient popup (seed 1 section 4, part of the shell of every main screen): shown while the
// account's tour is 'sin_tour' (GET /me/onboarding: the server says 'completed' as soon as the practice has
// any patient, active, new or in the trash), it asks nombre, apellido and genero, shows animated dots while
// it creates the patient and opens the record. "Ahora no" or the close button put it away for the account
// (PATCH /me/onboarding 'dismissed': every device) and, at once, in this browser for that account
// (features/onboarding/first-patient-memory.ts). From 48em up it is a non-modal card in the bottom-right
// corner; on a phone it sits in the page's flow above the screen's content, so it never covers an action.
import { useState } from 'react';
import { Affix, Box, CloseButton, Group, Button, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { patientKeys, patientsApi } from '../api/patients-api';
import { showError } from '../../../lib/toast';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { useCurrentUser } from '../../../lib/current-user';
import { firstPatientDismissedHere, onboardingKey, onboardingQuery, rememberFirstPatientDismissed, updateOnboarding } from '../../onboarding';
import { preventEnterSubmit } from './form-keys';
import classes from './patients.module.css';

export function FirstPatientTour() {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const userId = me.data?.user.id;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [closed, setClosed] = useState(false);
  const dismissed = closed || firstPatientDismissedHere(userId);
  const onboarding = useQuery({ ...onboardingQuery(), enabled: !!userId && !dismissed });
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [sex, setSex] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);

  if (!userId || dismissed || onboarding.data?.firstPatientTour !== 'sin_tour') return null;

  const close = () => {
    rememberFirstPatientDismissed(userId);
    setClosed(true);
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
      rememberFirstPatientDismissed(userId);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      setClosed(true);
      void navigate(`/ficha?id=${encodeURIComponent(patient.id)}`);
    } catch (error) {
      setCreating(false);
      showError(error);
    }
  };

  const card = (
      <Paper
        withBorder
        shadow={phone ? 'sm' : 'xl'}
        radius="md"
        p={phone ? 'md' : 'lg'}
        w={phone ? undefined : 380}
        maw={phone ? undefined : 'calc(100vw - 48px)'}
        role="dialog"
        aria-labelledby="first-patient-tour-title"
        data-testid="first-patient-popup"
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
  );
  // On a phone, in the flow of the page (above the screen's own content): nothing under it is hidden.
  if (phone) return <Box mb="md">{card}</Box>;
  // From 48em up, a non-modal popup in the corner: it invites without locking the rest of the screen.
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={190}>
      {card}
    </Affix>
  );
}
