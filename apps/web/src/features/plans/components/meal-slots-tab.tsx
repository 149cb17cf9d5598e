// Settings › Comidas: the six meal slots, each renamable and switchable off (at least one stays on).
import { useState } from 'react';
import { Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MealSlot, MealSlotsResponse } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { showSuccess } from '../../../lib/toast';
import { mealSlotsQuery, plansApi, plansKeys } from '../api/plans-api';
import { mealSlotLabel } from '../lib/meal-slot-label';

export function MealSlotsTab() {
  const slots = useQuery(mealSlotsQuery());
  if (!slots.data) return <PageLoader />;
  return <MealSlotsForm initial={slots.data} />;
}

function MealSlotsForm({ initial }: { initial: MealSlotsResponse }) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() =>
    initial.slots.map((s: MealSlot) => ({
      slot: s.slot,
      name: s.name === s.defaultName ? '' : s.name,
      enabled: s.enabled,
      defaultName: mealSlotLabel({ ...s, name: s.defaultName }, t),
    })),
  );
  const save = useMutation({
    mutationFn: () => plansApi.saveMealSlots({ slots: rows.map((r) => ({ slot: r.slot, name: r.name.trim() || null, enabled: r.enabled })) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(plansKeys.slots, saved);
      void queryClient.invalidateQueries({ queryKey: ['plans', 'detail'] });
      showSuccess(t('slots.savedTitle'), t('slots.savedMessage'));
    },
  });
  const noneEnabled = !rows.some((r) => r.enabled);
  let next = 1;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!noneEnabled) save.mutate();
      }}
    >
      <Stack maw={640}>
        <Text>{t('slots.intro')}</Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('slots.number')}</Table.Th>
              <Table.Th>{t('slots.name')}</Table.Th>
              <Table.Th>{t('slots.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, index) => (
              <Table.Tr key={r.slot}>
                <Table.Td>{r.enabled ? next++ : '—'}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('slots.nameOf', { number: r.slot })}
                    placeholder={r.defaultName}
                    value={r.name}
                    maxLength={40}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setRows((all) => all.map((x, i) => (i === index ? { ...x, name: value } : x)));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('slots.enabledOf', { name: r.name || r.defaultName })}
                    checked={r.enabled}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setRows((all) => all.map((x, i) => (i === index ? { ...x, enabled: checked } : x)));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {noneEnabled ? <Text c="red.8">{t('slots.atLeastOne')}</Text> : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={noneEnabled}>
            {t('slots.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
