// Operator console, Trabajos: the job outbox's work that is waiting or failed — subscription changes a
// payment processor has not confirmed, push deliveries — with the practice each is about, its attempts,
// last error and next attempt, and "Reintentar", which runs it now (a failed one gets one more attempt).
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminJob } from '@almendra/contracts';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/toast';
import { adminBillingApi, adminBillingQueries, billingKeys } from '../../billing/api/billing-api';
import classes from './admin-console.module.css';

const STATUS_COLOR: Record<AdminJob['status'], string> = { pending: 'blue', running: 'yellow', failed: 'red', done: 'teal' };
/** The console asks again this often: a retried job's outcome shows without reloading. */
const JOBS_REFETCH_MS = 5000;

export function JobsPanel() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const jobs = useQuery({ ...adminBillingQueries.jobs(), refetchInterval: JOBS_REFETCH_MS });
  const retry = useMutation({
    mutationFn: adminBillingApi.retryJob,
    onSuccess: async () => {
      showSuccess(t('jobs.retried'), t('jobs.retriedMessage'));
      await queryClient.invalidateQueries({ queryKey: [...billingKeys.admin, 'jobs'] });
    },
    onError: showError,
  });
  const items = jobs.data?.items ?? [];
  return (
    <Stack data-testid="admin-jobs">
      <Text size="sm" c="dimmed">
        {t('jobs.description')}
      </Text>
      {jobs.data && items.length === 0 ? <Text c="dimmed">{t('jobs.empty')}</Text> : null}
      {items.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.kind')}</Table.Th>
                <Table.Th>{t('jobs.practice')}</Table.Th>
                <Table.Th>{t('jobs.status')}</Table.Th>
                <Table.Th>{t('jobs.attempts')}</Table.Th>
                <Table.Th>{t('jobs.lastError')}</Table.Th>
                <Table.Th>{t('jobs.nextAttempt')}</Table.Th>
                <Table.Th>{t('jobs.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((job) => (
                <Table.Tr key={job.id} data-testid="admin-job" data-kind={job.kind} data-status={job.status}>
                  <Table.Td>
                    <Text size="sm">{t(`jobs.kinds.${job.kind.replace('.', '_')}`, { defaultValue: job.kind })}</Text>
                    <Text size="xs" c="dimmed">
                      {job.kind}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {job.practice ? (
                      <>
                        <Text size="sm">{job.practice.name}</Text>
                        <Text size="xs" c="dimmed">
                          {job.practice.email}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('jobs.noPractice')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[job.status]} variant="light" data-testid="admin-job-status">
                      {t(`jobs.statuses.${job.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="admin-job-attempts">{t('jobs.attemptsOf', { count: job.attempts, max: job.maxAttempts })}</Table.Td>
                  <Table.Td>
                    {job.lastError ? (
                      <Code block className={classes.details} data-testid="admin-job-error">
                        {job.lastError}
                      </Code>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('jobs.noError')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="admin-job-next">
                    {job.status === 'pending' ? formatDateTime(job.runAt) : job.status === 'failed' ? t('jobs.noNext') : t('jobs.runningNow')}
                  </Table.Td>
                  <Table.Td>
                    {job.status === 'running' ? null : (
                      <Button size="xs" variant="light" loading={retry.isPending && retry.variables === job.id} onClick={() => retry.mutate(job.id)}>
                        {t('jobs.retry')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
