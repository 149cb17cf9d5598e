// Meal plan feature routes: /plantillas (templates), /nuevo-plan (create), /detalle-de-plan?id= (editor).
import { useState } from 'react';
import { Alert, Button, Group, Pagination, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLAN_GOAL_IDS, type PlanGoalId } from '@almendra/domain';
import { PageLoader } from '../../../components/page-loader';
import { planQuery, plansApi, plansKeys } from '../api/plans-api';
import { PlanEditor } from '../components/plan-editor';
import { PlanList } from '../components/plan-list';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';

export function TemplatesPage() {
  const { t } = useTranslation(['plans', 'common']);
  useDocumentTitle(`${t('plans:templates.title')} · ${t('common:appName')}`);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const filter = { template: true, q: debounced, page };
  const list = useQuery({ queryKey: plansKeys.list(filter), queryFn: () => plansApi.list(filter) });
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('plans:templates.title')}</Title>
        <Button component={Link} to="/nuevo-plan" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('plans:templates.new')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <TextInput
          label={t('plans:templates.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          mb="md"
        />
        {list.isPending ? (
          <PageLoader />
        ) : list.data && list.data.items.length ? (
          <>
            <PlanList plans={list.data.items} />
            {list.data.total > list.data.pageSize ? (
              <Pagination
                mt="md"
                total={Math.ceil(list.data.total / list.data.pageSize)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': control === 'next' ? t('plans:list.nextPage') : t('plans:list.previousPage') })}
              />
            ) : null}
          </>
        ) : (
          <Text>{debounced.trim() ? t('plans:templates.noResults') : t('plans:templates.empty')}</Text>
        )}
      </Paper>
    </Stack>
  );
}

export function NewPlanPage() {
  const { t } = useTranslation(['plans', 'common']);
  useDocumentTitle(`${t('plans:new.title')} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState('2');
  const [title, setTitle] = useState('');
  const [goal, setGoal] = useState<PlanGoalId>('maintenance');
  const [target, setTarget] = useState(params.get('patientId') ? 'patient' : 'template');
  const [patientId, setPatientId] = useState<string | null>(params.get('patientId'));
  const [patientSearch, setPatientSearch] = useState('');
  const [debounced] = useDebouncedValue(patientSearch, SEARCH_DEBOUNCE_MS);
  const [submitted, setSubmitted] = useState(false);
  const patients = useQuery({ queryKey: ['plans', 'patient-search', debounced], queryFn: () => plansApi.searchPatients(debounced), enabled: target === 'patient' });
  // Coming from a patient's record (?patientId=): show that patient as chosen even before any search.
  const preselectedId = params.get('patientId');
  const preselected = useQuery({ queryKey: ['plans', 'patient', preselectedId], queryFn: () => plansApi.patient(preselectedId!), enabled: preselectedId !== null });
  const patientOptions = (patients.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }));
  if (preselected.data && !patientOptions.some((o) => o.value === preselected.data.id)) {
    patientOptions.unshift({ value: preselected.data.id, label: `${preselected.data.firstName} ${preselected.data.lastName}` });
  }
  const create = useMutation({
    mutationFn: () => plansApi.create({ type: Number(type) as 1 | 2 | 3, title: title.trim(), goal, patientId: target === 'patient' ? patientId : null, draft: 0 }),
    onSuccess: (plan) => navigate(`/detalle-de-plan?id=${plan.id}`),
  });
  const titleError = submitted && !title.trim() ? t('plans:validation.title') : undefined;
  const patientError = submitted && target === 'patient' && !patientId ? t('plans:validation.patient') : undefined;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('plans:new.title')}</Title>
      <Paper withBorder radius="md" p="lg">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            if (!title.trim() || (target === 'patient' && !patientId)) return;
            create.mutate();
          }}
        >
          <Stack>
            <Radio.Group label={t('plans:fields.type')} value={type} onChange={setType}>
              <Stack gap="xs" mt="xs">
                {(['1', '2', '3'] as const).map((v) => (
                  <Radio key={v} value={v} label={t(`plans:types.${v}`)} description={t(`plans:typeHints.${v}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput label={t('plans:fields.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={titleError} />
            <Select
              label={t('plans:fields.goal')}
              value={goal}
              allowDeselect={false}
              data={PLAN_GOAL_IDS.map((id) => ({ value: id, label: t(`plans:goals.${id}`) }))}
              onChange={(v) => v && setGoal(v as PlanGoalId)}
            />
            <Radio.Group label={t('plans:new.for')} value={target} onChange={setTarget}>
              <Group mt="xs">
                <Radio value="template" label={t('plans:new.template')} />
                <Radio value="patient" label={t('plans:new.patient')} />
              </Group>
            </Radio.Group>
            {target === 'patient' ? (
              <Select
                label={t('plans:new.patientLabel')}
                placeholder={t('plans:new.patientPlaceholder')}
                searchable
                value={patientId}
                onChange={setPatientId}
                searchValue={patientSearch}
                onSearchChange={setPatientSearch}
                filter={({ options }) => options}
                data={patientOptions}
                nothingFoundMessage={t('plans:new.noPatients')}
                error={patientError}
                required
              />
            ) : null}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('plans:new.create')}
              </Button>
              <Button variant="default" component={Link} to="/plantillas">
                {t('plans:new.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export function PlanDetailPage() {
  const { t } = useTranslation(['plans', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const plan = useQuery({ ...planQuery(id), enabled: id !== '', meta: { silent: true } });
  useDocumentTitle(`${plan.data?.title ?? t('plans:detail.title')} · ${t('common:appName')}`);
  if (!id || plan.isError) {
    return (
      <Stack>
        <Title order={1}>{t('plans:detail.title')}</Title>
        <Alert color="red">{t('plans:detail.notFound')}</Alert>
        <Button component={Link} to="/plantillas" w="fit-content">
          {t('plans:detail.back')}
        </Button>
      </Stack>
    );
  }
  if (!plan.data) return <PageLoader />;
  // Remount on version change so the editor starts from the saved content.
  return <PlanEditor key={`${plan.data.id}-${plan.data.version}`} plan={plan.data} />;
}
