// "Pasar a mis pacientes": moves a new patient (one who booked through the public profile, the "Nuevos"
// tab) to the practice's patients by hand, before her first consultation does it. Used by the new-patients
// tab, the record and the requests inbox; it reads the patient fresh so the PATCH carries her current version.
import { Button, type ButtonProps } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patientKeys, patientsApi } from '../api/patients-api';
import { showSuccess } from '../../../lib/toast';

export function PromotePatientButton({ patientId, name, size = 'xs', variant = 'light' }: { patientId: string; name: string } & Pick<ButtonProps, 'size' | 'variant'>) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const promote = useMutation({
    mutationFn: async () => {
      const current = await patientsApi.get(patientId);
      if (!current.isNew) return current;
      return patientsApi.update(patientId, { isNew: false, version: current.version });
    },
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(patientId), patient);
      void queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['marketing'] });
      showSuccess(t('promote.doneTitle'), t('promote.done', { name }));
    },
  });
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconUserCheck size={14} aria-hidden />}
      loading={promote.isPending}
      onClick={() => promote.mutate()}
      aria-label={t('promote.actionNamed', { name })}
    >
      {t('promote.action')}
    </Button>
  );
}
