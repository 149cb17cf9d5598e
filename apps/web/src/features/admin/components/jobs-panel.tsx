// Operator console, Trabajos: the job outbox's work that is waiting or failed — subscription changes a
// payment processor has not confirmed, push deliveries — with the practice each is about, its attempts,
// last error and next attempt, and "Reintentar", which runs it now (a failed one gets one more attempt).
// On a phone each job is a card (the seven-column table put the error and "Reintentar" off to the right).
import { Badge, Button, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminJob } from '@almendra/contracts';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/toast';
import { adminBillingApi, adminBillingQueries, billingKeys } from '../../billing/api/billing-api';
import classes from './admin-console.module.css';

const STATUS_COLOR: Record<AdminJob['status'], string> = { pending: 'blue', running: 'yellow', failed: 'red', done: 'teal' };
/** The console asks again this often: a retried job's outcome shows without reloading. */
const JOBS_REFETCH_MS = 5000;

/** The pieces of one job, laid out as a table row or as a phone's card. */
function useJobParts(retry: { isPending: boolean; variables?: string; mutate: (id: string) => void }) {
  const { t } = useTranslation('admin');
  return (job: AdminJob) => ({
    kind: (
      <>
        <Text size="sm">{t(`jobs.kinds.${job.kind.replace('.', '_')}`, { defaultValue: job.kind })}</Text>
        <Text size="xs" c="dimmed">
          {job.kind}
        </Text>
      </>
    ),
    practice: job.practice ? (
      <>
        <Text size="sm">{job.practice.name}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {job.practice.email}
        </Text>
      </>
    ) : (
      <Text size="sm" c="dimmed">
        {t('jobs.noPractice')}
      </Text>
    ),
    status: (
      <Badge color={STATUS_COLOR[job.status]} variant="light" data-testid="admin-job-status">
        {t(`jobs.statuses.${job.status}`)}
      </Badge>
    ),
    attempts: t('jobs.attemptsOf', { count: job.attempts, max: job.maxAttempts }),
    error: job.lastError ? (
      <Code block className={classes.details} data-testid="admin-job-error">
        {job.lastError}
      </Code>
    ) : (
      <Text size="sm" c="dimmed">
        {t('jobs.noError')}
      </Text>
    ),
    next: job.status === 'pending' ? formatDateTime(job.runAt) : job.status === 'failed' ? t('jobs.noNext') : t('jobs.runningNow'),
    action:
      job.status === 'running' ? null : (
        <Button size="xs" variant="light" loading={retry.isPending && retry.variables === job.id} onClick={() => retry.mutate(job.id)}>
          {t('jobs.retry')}
        </Button>
      ),
  });
}

export function JobsPanel() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const phone = useMediaQuery(PHONE_QUERY);
  const jobs = useQuery({ ...adminBillingQueries.jobs(), refetchInterval: JOBS_REFETCH_MS });
  const retry = useMutation({
    mutationFn: adminBillingApi.retryJob,
    onSuccess: async () => {
      showSuccess(t('jobs.retried'), t('jobs.retriedMessage'));
      await queryClient.invalidateQueries({ queryKey: [...billingKeys.admin, 'jobs'] });
    },
    onError: showError,
  });
  const partsOf = useJobParts(retry);
  const items = jobs.data?.items ?? [];
  return (
    <Stack data-testid="admin-jobs">
      <Text size="sm" c="dimmed">
        {t('jobs.description')}
      </Text>
      {jobs.data && items.length === 0 ? <Text c="dimmed">{t('jobs.empty')}</Text> : null}
      {items.length > 0 && phone ? (
        <Stack gap="sm">
          {items.map((job) => {
            const parts = partsOf(job);
            return (
              <Card key={job.id} withBorder padding="sm" data-testid="admin-job" data-kind={job.kind} data-status={job.status}>
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>{parts.kind}</div>
                    {parts.status}
                  </Group>
                  <div>{parts.practice}</div>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('jobs.attempts')}:{' '}
                    </Text>
                    <span data-testid="admin-job-attempts">{parts.attempts}</span>
                  </Text>
                  <Stack gap={2}>
                    <Text size="sm" c="dimmed">
                      {t('jobs.lastError')}
                    </Text>
                    {parts.error}
                  </Stack>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('jobs.nextAttempt')}:{' '}
                    </Text>
                    <span data-testid="admin-job-next">{parts.next}</span>
                  </Text>
                  {parts.action ? <Group>{parts.action}</Group> : null}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      ) : null}
      {items.length > 0 && !phone ? (
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
              {items.map((job) => {
                const parts = partsOf(job);
                return (
                  <Table.Tr key={job.id} data-testid="admin-job" data-kind={job.kind} data-status={job.status}>
                    <Table.Td>{parts.kind}</Table.Td>
                    <Table.Td>{parts.practice}</Table.Td>
                    <Table.Td>{parts.status}</Table.Td>
                    <Table.Td data-testid="admin-job-attempts">{parts.attempts}</Table.Td>
                    <Table.Td>{parts.error}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="admin-job-next">
                      {parts.next}
                    </Table.Td>
                    <Table.Td>{parts.action}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
