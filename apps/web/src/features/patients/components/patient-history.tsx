// The record's "Historial de cambios" tab: the audit log of GET /patients/{id}/audit, newest first, one
// page at a time — when, who, what was done to which part of the record, and the fields it touched.
import { useState } from 'react';
import { Alert, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PatientAuditItem } from '@almendra/contracts';
import { patientKeys, patientsApi } from '../api/patients-api';
import { formatDateTime } from '../../../lib/dates';

const PAGE_SIZE = 20;


export function PatientHistory({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: patientKeys.audit(patientId, page),
    queryFn: () => patientsApi.audit(patientId, page, PAGE_SIZE),
    placeholderData: (previous) => previous,
  });

  const fieldName = (field: string) =>
    t([`fields.${field}`, `habits.${field}`, `background.${field}`, `history.fields.${field}`] as never, { defaultValue: field });
  const describe = (item: PatientAuditItem) => {
    const action = t(`history.actions.${item.action}` as never, { defaultValue: item.action });
    const entity = t(`history.entities.${item.entity}` as never, { defaultValue: item.entity });
    const pdf = item.action === 'export' && (item.changes as { format?: string } | null)?.format === 'pdf' ? ` ${t('history.exportPdf')}` : '';
    return `${action}: ${entity}${pdf}`;
  };

  if (history.isError) return <Alert color="red" variant="light">{t('record.missing')}</Alert>;
  if (!history.data) return <Loader aria-label={t('record.loading')} />;
  const { items, total } = history.data;
  return (
    <Stack gap="sm" data-testid="patient-history">
      <Text size="sm" c="dimmed">
        {t('history.help')}
      </Text>
      {items.length === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <>
          <Text size="sm">{t('history.total', { count: total })}</Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.when')}</Table.Th>
                  <Table.Th>{t('history.who')}</Table.Th>
                  <Table.Th>{t('history.action')}</Table.Th>
                  <Table.Th>{t('history.what')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt)}</Table.Td>
                    <Table.Td>{item.actorName ?? t('history.system')}</Table.Td>
                    <Table.Td>{describe(item)}</Table.Td>
                    <Table.Td>{item.fields.map(fieldName).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > PAGE_SIZE && (
            <Group justify="center">
              <Pagination
                total={Math.ceil(total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': control === 'next' ? t('list.nextPage') : t('list.previousPage') })}
                getItemProps={(p) => ({ 'aria-label': t('list.page', { page: p }) })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
