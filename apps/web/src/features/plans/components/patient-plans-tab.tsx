// The patient record's plans tab: the patient's plans (paginated, 20 a page), a new plan for them, or a
// copy of a template found by searching the templates by title.
import { useState } from 'react';
import { Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { plansApi, plansKeys } from '../api/plans-api';
import { PlanList } from './plan-list';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';


export function PatientPlansTab({ patient }: { patient: { id: string } }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [templateSearch, setTemplateSearch] = useState('');
  const [debounced] = useDebouncedValue(templateSearch, SEARCH_DEBOUNCE_MS);
  const filter = { patientId: patient.id, page };
  const list = useQuery({ queryKey: plansKeys.list(filter), queryFn: () => plansApi.list(filter), placeholderData: keepPreviousData });
  const templateFilter = { template: true, q: debounced };
  const templates = useQuery({ queryKey: plansKeys.list(templateFilter), queryFn: () => plansApi.list(templateFilter), placeholderData: keepPreviousData });
  const fromTemplate = useMutation({
    mutationFn: (id: string) => plansApi.copy(id, patient.id),
    onSuccess: (plan) => {
      void queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
      showSuccess(t('list.duplicatedTitle'), t('list.duplicatedMessage', { title: plan.title }));
      navigate(`/detalle-de-plan?id=${plan.id}`);
    },
  });
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;
  // Picking an option sets the search text to its title, so the chosen template stays among the results.
  const options = (templates.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }));
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Button component={Link} to={`/nuevo-plan?patientId=${encodeURIComponent(patient.id)}`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('patientTab.new')}
        </Button>
        <Select
          label={t('patientTab.template')}
          placeholder={t('patientTab.templatePlaceholder')}
          value={templateId}
          onChange={setTemplateId}
          searchable
          searchValue={templateSearch}
          onSearchChange={setTemplateSearch}
          filter={({ options: all }) => all}
          data={options}
          nothingFoundMessage={templates.isFetching ? t('loading') : t('patientTab.noTemplates')}
          miw={260}
        />
        <Button variant="light" leftSection={<IconTemplate size={16} aria-hidden />} disabled={!templateId} loading={fromTemplate.isPending} onClick={() => templateId && fromTemplate.mutate(templateId)}>
          {t('patientTab.useTemplate')}
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.data?.items.length ? (
        <>
          <PlanList plans={list.data.items} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t('patientTab.pages')}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? t('list.nextPage') : t('list.previousPage') })}
            />
          ) : null}
        </>
      ) : (
        <Text>{t('patientTab.empty')}</Text>
      )}
    </Stack>
  );
}
