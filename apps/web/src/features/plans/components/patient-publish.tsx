// "Publicar para el paciente": a patient's plan reaches her portal only when the nutritionist gives it to
// her, never because it was created or saved (a new, empty plan used to replace her finished one at once).
// Separate from the seed's draft flag. The badge says whether the patient sees this plan; publishing saves
// what is on screen first, so she gets exactly what the nutritionist is looking at.
import { Badge, Button } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@almendra/contracts';
import { plansApi, plansKeys } from '../api/plans-api';
import { showSuccess } from '../../../lib/toast';
import { fmtDate } from './format';

function useOnSaved() {
  const queryClient = useQueryClient();
  return (saved: Plan) => {
    queryClient.setQueryData(plansKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
  };
}

/** Whether the patient sees this plan in her portal (nothing for templates). */
export function PatientVisibilityBadge({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  if (!plan.patientId) return null;
  return plan.publishedAt ? (
    <Badge color="blue" variant="light" data-testid="plan-patient-visibility">
      {t('patientPublish.visibleSince', { date: fmtDate(plan.publishedAt) })}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="plan-patient-visibility">
      {t('patientPublish.notVisible')}
    </Badge>
  );
}

export function PatientPublishButton({ plan, saveCurrent, disabled }: { plan: Plan; saveCurrent: () => Promise<Plan>; disabled?: boolean }) {
  const { t } = useTranslation('plans');
  const onSaved = useOnSaved();
  const publish = useMutation({
    mutationFn: async () => plansApi.publishForPatient((await saveCurrent()).id),
    onSuccess: (saved) => {
      onSaved(saved);
      showSuccess(t('patientPublish.publishedTitle'), t('patientPublish.publishedMessage', { name: saved.patientName ?? '' }));
    },
  });
  const withdraw = useMutation({
    mutationFn: () => plansApi.withdrawFromPatient(plan.id),
    onSuccess: (saved) => {
      onSaved(saved);
      showSuccess(t('patientPublish.withdrawnTitle'), t('patientPublish.withdrawnMessage'));
    },
  });
  if (!plan.patientId) return null;
  return plan.publishedAt ? (
    <Button variant="light" color="gray" leftSection={<IconEyeOff size={16} aria-hidden />} onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
      {t('patientPublish.withdraw')}
    </Button>
  ) : (
    <Button variant="filled" color="blue" leftSection={<IconEye size={16} aria-hidden />} onClick={() => publish.mutate()} loading={publish.isPending} disabled={disabled}>
      {t('patientPublish.publish')}
    </Button>
  );
}
