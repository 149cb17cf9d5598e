// Why an operator suspended the account, as she wrote it in the console (issue 25): shown wherever the
// suspended state is (the suspended screen of /activar-cuenta, /planes, /pagar and the Facturación tab).
import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';

export function SuspensionNotice({ withTitle = false }: { withTitle?: boolean }) {
  const { t } = useTranslation('billing');
  const me = useCurrentUser();
  const suspension = me.data?.user.bannedStatus === 2 && !me.data.user.readOnly ? me.data.user.suspension : null;
  if (!suspension) return null;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title={withTitle ? t('suspended.title') : t('suspended.reason')} data-testid="suspension-reason" ta="left" w="100%">
      {withTitle ? (
        <Text size="sm" fw={600}>
          {t('suspended.reason')}
        </Text>
      ) : null}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {suspension.reason ?? t('suspended.noReason')}
      </Text>
      {suspension.since ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('suspended.since', { date: formatDate(suspension.since) })}
        </Text>
      ) : null}
    </Alert>
  );
}
