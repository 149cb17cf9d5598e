// CSV import: a dry run first (valid and rejected rows, with line numbers and errors), then confirm.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PatientImportReport } from '@almendra/contracts';
import { patientKeys, patientsApi } from '../api/patients-api';
import { showError, showSuccess } from '../../../lib/toast';

export function ImportPatientsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PatientImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await patientsApi.importCsv(file, dryRun);
      if (dryRun) setReport(answer);
      else {
        await queryClient.invalidateQueries({ queryKey: patientKeys.all });
        showSuccess(t('import.doneTitle'), t('import.done', { count: answer.imported }));
        onClose();
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} title={t('import.title')} size="lg">
      <Stack>
        <Text size="sm">{t('import.help')}</Text>
        <FileInput
          label={t('import.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setReport(null);
          }}
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clearFile') }}
        />
        {report && (
          <Stack gap="xs" data-testid="import-report">
            <Alert variant="light" color={report.rejected.length ? 'yellow' : 'teal'} title={t('import.reportTitle')}>
              <Text>{t('import.summary', { rows: report.rows, valid: report.valid, rejected: report.rejected.length })}</Text>
              {report.ignoredColumns.length > 0 && (
                <Text size="sm">{t('import.ignored', { columns: report.ignoredColumns.join(', ') })}</Text>
              )}
            </Alert>
            {report.rejected.length > 0 && (
              <ScrollArea.Autosize mah={260} type="auto">
                <Table withTableBorder data-testid="import-rejected">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('import.line')}</Table.Th>
                      <Table.Th>{t('import.errors')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rejected.map((row) => (
                      <Table.Tr key={row.row}>
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td>
                          <List size="sm">
                            {row.errors.map((e, i) => (
                              <List.Item key={i}>
                                {e.field}: {e.message}
                              </List.Item>
                            ))}
                          </List>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          {report ? (
            <Button onClick={() => void run(false)} loading={busy} disabled={report.valid === 0}>
              {t('import.confirm', { count: report.valid })}
            </Button>
          ) : (
            <Button onClick={() => void run(true)} loading={busy} disabled={!file}>
              {t('import.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
