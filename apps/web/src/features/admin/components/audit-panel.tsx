// Operator console, Auditoría: every operator action, newest first, read-only (the table refuses updates
// and deletes at the database level).
import { useState } from 'react';
import { Code, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { adminBillingQueries } from '../../billing/api/billing-api';
import classes from './admin-console.module.css';

/**
 * The details one "key: value" per line (nested values as compact JSON), wrapped anywhere: the raw JSON on
 * one line had no place to break and was cut at the column's edge, worst on a phone.
 */
function detailLines(details: unknown): string {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return JSON.stringify(details, null, 1);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

const TARGETS = ['user', 'payment', 'subscription_plan', 'news', 'faq', 'food_request', 'job'] as const;

export function AuditPanel() {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState('');
  const audit = useQuery(adminBillingQueries.audit(target || null));
  return (
    <Stack data-testid="admin-audit">
      <Text size="sm" c="dimmed">
        {t('audit.readOnly')}
      </Text>
      <NativeSelect label={t('audit.filter')} value={target} onChange={(e) => setTarget(e.currentTarget.value)} data={[{ value: '', label: t('audit.all') }, ...TARGETS.map((v) => ({ value: v, label: t(`audit.targets.${v}`) }))]} maw={260} />
      {audit.data && audit.data.items.length === 0 ? <Text c="dimmed">{t('audit.empty')}</Text> : null}
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.when')}</Table.Th>
              <Table.Th>{t('audit.who')}</Table.Th>
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.target')}</Table.Th>
              <Table.Th>{t('audit.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(audit.data?.items ?? []).map((entry) => (
              <Table.Tr key={entry.id} data-testid="audit-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                <Table.Td>{entry.actorEmail}</Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td>
                  {t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })}
                  {entry.targetId ? ` · ${entry.targetId.slice(0, 8)}` : ''}
                </Table.Td>
                <Table.Td>
                  {entry.details === null ? null : (
                    <Code block data-testid="audit-details" className={classes.details}>
                      {detailLines(entry.details)}
                    </Code>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
