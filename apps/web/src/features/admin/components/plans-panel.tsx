// Operator console, Planes: the subscription plan catalogue per country (integer cents), created and
// edited here; every save is audited on the server.
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlan, UpsertSubscriptionPlanRequest } from '@almendra/contracts';
import { fieldErrors } from '../../../lib/api-error';
import { intlLocale } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/toast';
import { adminBillingApi, adminBillingQueries, billingKeys, formatMoney } from '../../billing/api/billing-api';

const EMPTY: UpsertSubscriptionPlanRequest = { key: '', countryCode: 'AR', name: '', period: 'mensual', priceCents: 0, currency: 'ARS', patientLimit: null, trialDays: 15, active: true };

function PlanForm({ initial, isNew, onSaved }: { initial: UpsertSubscriptionPlanRequest; isNew: boolean; onSaved: () => void }) {
  const { t } = useTranslation(['admin', 'billing']);
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof UpsertSubscriptionPlanRequest>(key: K, value: UpsertSubscriptionPlanRequest[K]) => setPlan((p) => ({ ...p, [key]: value }));
  const save = useMutation({
    mutationFn: () => adminBillingApi.savePlan(plan),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.admin });
      void queryClient.invalidateQueries({ queryKey: ['billing', 'plans'] });
      showSuccess(t('admin:plansPanel.saved'), plan.name);
      onSaved();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else showError(error);
    },
  });
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <Stack gap="sm">
        <TextInput label={t('admin:plansPanel.key')} value={plan.key} onChange={(e) => set('key', e.currentTarget.value)} disabled={!isNew} error={errors.key} required />
        <TextInput label={t('admin:plansPanel.name')} value={plan.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} required />
        <Group grow>
          <TextInput label={t('admin:plansPanel.country')} placeholder={t('admin:plansPanel.allCountries')} value={plan.countryCode ?? ''} onChange={(e) => set('countryCode', e.currentTarget.value.trim().toUpperCase() || null)} error={errors.countryCode} />
          <NativeSelect
            label={t('admin:plansPanel.period')}
            value={plan.period}
            onChange={(e) => set('period', e.currentTarget.value as UpsertSubscriptionPlanRequest['period'])}
            data={(['mensual', 'semestral', 'anual'] as const).map((p) => ({ value: p, label: t(`billing:period.${p}`) }))}
          />
        </Group>
        <Group grow>
          <NumberInput label={t('admin:plansPanel.priceCents')} value={plan.priceCents} onChange={(v) => set('priceCents', Number(v) || 0)} min={0} allowDecimal={false} error={errors.priceCents} />
          <TextInput label={t('admin:plansPanel.currency')} value={plan.currency} onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())} error={errors.currency} />
        </Group>
        <Group grow>
          <NumberInput label={t('admin:plansPanel.patientLimit')} value={plan.patientLimit ?? ''} onChange={(v) => set('patientLimit', v === '' ? null : Number(v))} min={1} allowDecimal={false} error={errors.patientLimit} />
          <NumberInput label={t('admin:plansPanel.trialDays')} value={plan.trialDays} onChange={(v) => set('trialDays', Number(v) || 0)} min={0} max={90} allowDecimal={false} error={errors.trialDays} />
        </Group>
        <Checkbox label={t('admin:plansPanel.active')} checked={plan.active} onChange={(e) => set('active', e.currentTarget.checked)} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('admin:plansPanel.save')}
        </Button>
      </Stack>
    </form>
  );
}

export function PlansPanel() {
  const { t, i18n } = useTranslation(['admin', 'billing']);
  const plans = useQuery(adminBillingQueries.plans());
  const [editing, setEditing] = useState<{ plan: UpsertSubscriptionPlanRequest; isNew: boolean } | null>(null);
  const fromPlan = (p: SubscriptionPlan): UpsertSubscriptionPlanRequest => ({ key: p.key, countryCode: p.countryCode, name: p.name, period: p.period, priceCents: p.priceCents, currency: p.currency, patientLimit: p.patientLimit, trialDays: p.trialDays, active: p.active });
  return (
    <Stack data-testid="admin-plans">
      <Button onClick={() => setEditing({ plan: EMPTY, isNew: true })} style={{ alignSelf: 'flex-start' }}>
        {t('admin:plansPanel.new')}
      </Button>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin:plansPanel.key')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.country')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.name')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.period')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.price')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.trialDays')}</Table.Th>
              <Table.Th>{t('admin:plansPanel.active')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(plans.data?.items ?? []).map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>{p.key}</Table.Td>
                <Table.Td>{p.countryCode ?? t('admin:plansPanel.allCountries')}</Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{t(`billing:period.${p.period}`)}</Table.Td>
                <Table.Td>{formatMoney(p.priceCents, p.currency, intlLocale(i18n.language))}</Table.Td>
                <Table.Td>{p.trialDays}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
                    {p.active ? t('admin:plansPanel.yes') : t('admin:plansPanel.no')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => setEditing({ plan: fromPlan(p), isNew: false })}>
                    {t('admin:plansPanel.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.isNew ? t('admin:plansPanel.new') : (editing?.plan.name ?? '')}>
        {editing ? <PlanForm initial={editing.plan} isNew={editing.isNew} onSaved={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
