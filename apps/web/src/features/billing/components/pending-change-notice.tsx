// The truth about a change of hers the payment processor has not confirmed (issue 25): while the server
// retries it in the background she reads that it is being confirmed and that nothing changed yet (the
// screen asks again every few seconds, so the notice goes away by itself once the processor answers); if
// the processor refused it for good she reads why, and puts the notice away.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MeSubscription } from '@almendra/contracts';
import { formatDateTime } from '../../../lib/dates';
import { showError } from '../../../lib/toast';
import { billingApi, billingKeys } from '../api/billing-api';

/** How often the tab asks again while a change is being confirmed. */
export const PENDING_REFETCH_MS = 5000;

export function PendingChangeNotice({ data }: { data: MeSubscription }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const dismiss = useMutation({ mutationFn: billingApi.dismissPendingChange, onSuccess: (fresh) => queryClient.setQueryData(billingKeys.mine, fresh), onError: showError });
  const change = data.pendingChange;
  if (!change) return null;
  const processor = t(`processor.${change.processor}`);
  const what = t(`pending.what.${change.transition}`, { plan: change.planName ?? change.planKey ?? '' });
  if (change.status === 'pending') {
    return (
      <Alert color="blue" title={t('pending.title', { processor })} data-testid="pending-change" role="status">
        <Text size="sm">{t('pending.message', { what, processor, since: formatDateTime(change.requestedAt) })}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={t('pending.failedTitle', { what })} data-testid="pending-change-failed" role="alert">
      <Text size="sm">{change.message}</Text>
      <Group mt="sm">
        <Button size="xs" variant="default" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('pending.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
