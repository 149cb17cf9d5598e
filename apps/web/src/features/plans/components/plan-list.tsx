// A list of plans (templates or one patient's plans): title, type, draft badge, last change (dd-mm-yyyy),
// open, duplicate (to a patient or as a template, through DuplicatePlanDialog) and delete with confirmation.
import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Table, Text, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanSummary } from '@almendra/contracts';
import { plansApi } from '../api/plans-api';
import { showSuccess } from '../../../lib/toast';
import { DuplicatePlanDialog } from './duplicate-plan-dialog';
import { fmtDate } from './format';

export function PlanList({ plans }: { plans: PlanSummary[] }) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<PlanSummary | null>(null);
  const [toDuplicate, setToDuplicate] = useState<PlanSummary | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
  const remove = useMutation({
    mutationFn: (plan: PlanSummary) => plansApi.remove(plan.id),
    onSuccess: () => {
      setToDelete(null);
      void refresh();
      showSuccess(t('list.deletedTitle'), t('list.deletedMessage'));
    },
  });
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.title')}</Table.Th>
              <Table.Th>{t('fields.type')}</Table.Th>
              <Table.Th>{t('list.status')}</Table.Th>
              <Table.Th>{t('list.updated')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/detalle-de-plan?id=${plan.id}`}>
                    {plan.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`types.${String(plan.type) as "1" | "2" | "3"}`)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {plan.draft === 1 ? <Badge color="yellow">{t('draft')}</Badge> : <Badge color="teal">{t('published')}</Badge>}
                    {plan.publishedAt && (
                      <Badge color="blue" variant="light" data-testid="plan-in-portal">
                        {t('patientPublish.inPortal')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{fmtDate(plan.updatedAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('list.duplicate')}>
                      <ActionIcon variant="subtle" aria-label={t('list.duplicateOf', { title: plan.title })} onClick={() => setToDuplicate(plan)}>
                        <IconCopy size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('list.delete')}>
                      <ActionIcon variant="subtle" color="red" aria-label={t('list.deleteOf', { title: plan.title })} onClick={() => setToDelete(plan)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DuplicatePlanDialog plan={toDuplicate} onClose={() => setToDuplicate(null)} />
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('list.confirmTitle')} closeButtonProps={{ 'aria-label': t('duplicate.close') }} centered>
        <Text mb="md">{t('list.confirmMessage', { title: toDelete?.title ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('list.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => toDelete && remove.mutate(toDelete)} data-autofocus>
            {t('list.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
