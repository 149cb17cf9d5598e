// /pacientes: server-side search (500 ms after typing stops), place-of-care filter, sort by name or
// last visit, pages; tabs for the main list, new patients and the trash (restore within 30 days).
import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconFileImport, IconMail, IconRestore, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Patient } from '@almendra/contracts';
import { locationsQuery, PATIENT_PAGE_SIZE, patientKeys, patientListQuery, patientsApi, type PatientListParams } from '../api/patients-api';
import { formatDate } from '../lib/format';
import { showSuccess } from '../../../lib/toast';
import { PromotePatientButton } from './promote-patient';
import { ImportPatientsModal } from './import-patients';
import { ContactsExportModal } from './contacts-export';
import { initials } from './photo-picker';
import classes from './patients.module.css';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

type Status = NonNullable<PatientListParams['status']>;

export function PatientsList() {
  const { t } = useTranslation(['patients', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.patients')} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>('active');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [sort, setSort] = useState<'name' | 'lastVisit'>('name');
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const [exportingContacts, setExportingContacts] = useState(false);
  const locations = useQuery(locationsQuery());

  const params: PatientListParams = { q: debounced, locationId, status, sort, page, limit: PATIENT_PAGE_SIZE };
  const list = useQuery({ ...patientListQuery(params), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PATIENT_PAGE_SIZE));
  const searching = debounced.trim() !== '' || locationId != null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('nav:pages.patients')}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImporting(true)}>
            {t('patients:import.open')}
          </Button>
          <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setExportingContacts(true)}>
            {t('patients:contacts.open')}
          </Button>
          <Button component={Link} to="/nuevo-paciente" leftSection={<IconUserPlus size={16} aria-hidden />}>
            {t('patients:list.new')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={t('patients:list.search')}
              placeholder={t('patients:list.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(e) => {
                setQuery(e.currentTarget.value);
                setPage(1);
              }}
              type="search"
              style={{ flexGrow: 3 }}
            />
            <Select
              label={t('patients:list.location')}
              placeholder={t('patients:list.allLocations')}
              data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={locationId}
              onChange={(v) => {
                setLocationId(v);
                setPage(1);
              }}
              clearable
            />
            <Select
              label={t('patients:list.sort')}
              data={[
                { value: 'name', label: t('patients:list.sortName') },
                { value: 'lastVisit', label: t('patients:list.sortLastVisit') },
              ]}
              value={sort}
              onChange={(v) => setSort((v as 'name' | 'lastVisit') ?? 'name')}
              allowDeselect={false}
            />
          </Group>
          <Tabs
            value={status}
            onChange={(v) => {
              setStatus((v as Status) ?? 'active');
              setPage(1);
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="active">{t('patients:list.tabActive')}</Tabs.Tab>
              <Tabs.Tab value="new">{t('patients:list.tabNew')}</Tabs.Tab>
              <Tabs.Tab value="deleted">{t('patients:list.tabTrash')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {status === 'deleted' && <Text size="sm" c="dimmed">{t('patients:list.trashHint')}</Text>}
          {status === 'new' && <Text size="sm" c="dimmed">{t('patients:list.newHint')}</Text>}
          {list.isSuccess && items.length === 0 ? (
            <Alert variant="light" data-testid="patients-empty">
              {searching ? t('patients:list.noMatch') : t(`patients:list.empty.${status}`)}
            </Alert>
          ) : (
            <PatientTable
              items={items}
              status={status}
              onOpen={(p) => void navigate(`/ficha?id=${encodeURIComponent(p.id)}`)}
            />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.isSuccess ? t('patients:list.total', { count: total }) : ''}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? t('patients:list.nextPage') : t('patients:list.previousPage'),
                })}
                getItemProps={(p) => ({ 'aria-label': t('patients:list.page', { page: p }) })}
              />
            )}
          </Group>
        </Stack>
      </Paper>
      {importing && <ImportPatientsModal onClose={() => setImporting(false)} />}
      {exportingContacts && <ContactsExportModal opened onClose={() => setExportingContacts(false)} />}
    </Stack>
  );
}

function PatientTable({ items, status, onOpen }: { items: Patient[]; status: Status; onOpen: (p: Patient) => void }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: (id: string) => patientsApi.restore(id),
    onSuccess: (patient) => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      showSuccess(t('list.restoredTitle'), t('list.restored', { name: `${patient.firstName} ${patient.lastName}` }));
    },
  });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="patients-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.colName')}</Table.Th>
            <Table.Th>{t('list.colAge')}</Table.Th>
            <Table.Th>{t('list.colContact')}</Table.Th>
            <Table.Th>{status === 'deleted' ? t('list.colDeleted') : t('list.colLastVisit')}</Table.Th>
            {status !== 'active' && <Table.Th>{t('list.colActions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => {
            const name = `${p.lastName}, ${p.firstName}`;
            return (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={p.photoUrl} alt="" size={32} radius="xl" color="teal">
                      {initials(`${p.firstName} ${p.lastName}`)}
                    </Avatar>
                    <Link
                      to={`/ficha?id=${encodeURIComponent(p.id)}`}
                      className={classes.rowLink}
                      onClick={(e) => {
                        e.preventDefault();
                        onOpen(p);
                      }}
                    >
                      {name}
                    </Link>
                  </Group>
                </Table.Td>
                <Table.Td>{p.ageYears ?? '—'}</Table.Td>
                <Table.Td>{p.email ?? p.phone ?? (p.mobileNumber ? `${p.mobileAreaCode ?? ''} ${p.mobileNumber}` : '—')}</Table.Td>
                <Table.Td>
                  {status === 'deleted'
                    ? formatDate(p.deletedAt?.slice(0, 10))
                    : p.lastVisitAt
                      ? formatDate(p.lastVisitAt.slice(0, 10))
                      : t('list.neverVisited')}
                </Table.Td>
                {status === 'new' && (
                  <Table.Td>
                    <PromotePatientButton patientId={p.id} name={`${p.firstName} ${p.lastName}`} />
                  </Table.Td>
                )}
                {status === 'deleted' && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRestore size={14} aria-hidden />}
                      onClick={() => restore.mutate(p.id)}
                      loading={restore.isPending && restore.variables === p.id}
                      aria-label={t('list.restoreNamed', { name })}
                    >
                      {t('list.restore')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
