// Import from a CSV or XLSX file: a dry run first, which answers the columns the server recognised, a
// preview of the first rows and the rows with errors; the nutritionist can change the field of any column
// (each change runs the dry run again with that mapping), then confirms. Nothing is saved before 'Importar'.
import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Modal, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PATIENT_IMPORT_FIELDS } from '@almendra/contracts/patient-import-fields';
import type { PatientImportField, PatientImportMapping, PatientImportReport } from '@almendra/contracts';
import { patientKeys, patientsApi } from '../api/patients-api';
import { showError, showSuccess } from '../../../lib/toast';

const IGNORE = '__ignore';
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function ImportPatientsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PatientImportReport | null>(null);
  /** Sent once the nutritionist changed a column; until then the server's detection is used. */
  const [mapping, setMapping] = useState<PatientImportMapping | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (nextMapping: PatientImportMapping | null) => {
    if (!file) return;
    setBusy(true);
    try {
      setReport(await patientsApi.importFile(file, true, nextMapping ?? undefined));
      setMapping(nextMapping);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await patientsApi.importFile(file, false, mapping ?? undefined);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      showSuccess(t('import.doneTitle'), t('import.done', { count: answer.imported }));
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  /** Gives column `index` the field; a column that had that field before is left unassigned. */
  const remap = (index: number, value: string | null) => {
    if (!report) return;
    const field = value && value !== IGNORE ? (value as PatientImportMapping[number]) : null;
    const next = report.columns.map((column, i) => (i === index ? field : column.field === field ? null : column.field));
    void check(next);
  };

  const fieldOptions = [
    { value: IGNORE, label: t('import.ignoreColumn') },
    ...PATIENT_IMPORT_FIELDS.map((field) => ({ value: field, label: t(`fields.${field}`) })),
  ];
  /** The field's label when an error names a patient field ('(fila)' and the like stay as they are). */
  const fieldLabel = (field: string) =>
    (PATIENT_IMPORT_FIELDS as readonly string[]).includes(field) ? t(`fields.${field as PatientImportField}`) : field;
  const columnName = (header: string, index: number) => header || t('import.unnamedColumn', { number: index + 1 });

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} title={t('import.title')} size="xl">
      <Stack>
        <Text size="sm">{t('import.help')}</Text>
        <FileInput
          label={t('import.file')}
          accept={ACCEPT}
          value={file}
          onChange={(f) => {
            setFile(f);
            setReport(null);
            setMapping(null);
          }}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clearFile') }}
        />
        {report && (
          <Stack gap="sm" data-testid="import-report">
            {report.missingFields.length > 0 ? (
              <Alert variant="light" color="yellow" title={t('import.missingTitle')} data-testid="import-missing">
                {t('import.missing', { fields: report.missingFields.map((f) => t(`fields.${f}`)).join(', ') })}
              </Alert>
            ) : (
              <Alert variant="light" color={report.rejected.length ? 'yellow' : 'teal'} title={t('import.reportTitle')}>
                <Text>{t('import.summary', { rows: report.rows, valid: report.valid, rejected: report.rejected.length })}</Text>
                {report.ignoredColumns.length > 0 && (
                  <Text size="sm">{t('import.ignored', { columns: report.ignoredColumns.join(', ') })}</Text>
                )}
              </Alert>
            )}

            <Title order={3} size="h5">
              {t('import.columnsTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('import.columnsHelp')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="import-mapping">
              {report.columns.map((column, index) => (
                <Select
                  key={index}
                  label={columnName(column.header, index)}
                  description={
                    column.field !== column.detectedField
                      ? t('import.chosen')
                      : column.detectedField
                        ? t('import.detected')
                        : t('import.notDetected')
                  }
                  data={fieldOptions}
                  value={column.field ?? IGNORE}
                  onChange={(value) => remap(index, value)}
                  allowDeselect={false}
                  searchable
                  disabled={busy}
                />
              ))}
            </SimpleGrid>

            <Title order={3} size="h5">
              {t('import.previewTitle', { count: report.preview.length })}
            </Title>
            <ScrollArea type="auto" offsetScrollbars>
              <Table withTableBorder striped data-testid="import-preview" style={{ minWidth: 120 * (report.columns.length + 1) }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    {report.columns.map((column, index) => (
                      <Table.Th key={index}>
                        {columnName(column.header, index)}
                        <Text size="xs" c="dimmed" fw={400}>
                          {column.field ? t(`fields.${column.field}`) : t('import.ignoreColumn')}
                        </Text>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.preview.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {row.row}
                          {!row.valid && report.missingFields.length === 0 && (
                            <Badge size="xs" color="red" variant="light">
                              {t('import.rowInvalid')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      {row.cells.map((cell, index) => (
                        <Table.Td key={index} c={report.columns[index]?.field ? undefined : 'dimmed'}>
                          {cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>

            {report.rejected.length > 0 && (
              <>
                <Title order={3} size="h5">
                  {t('import.rejectedTitle', { count: report.rejected.length })}
                </Title>
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
                                  {fieldLabel(e.field)}: {e.message}
                                </List.Item>
                              ))}
                            </List>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          {report ? (
            <Button onClick={() => void confirm()} loading={busy} disabled={report.valid === 0 || report.missingFields.length > 0}>
              {t('import.confirm', { count: report.valid })}
            </Button>
          ) : (
            <Button onClick={() => void check(null)} loading={busy} disabled={!file}>
              {t('import.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
