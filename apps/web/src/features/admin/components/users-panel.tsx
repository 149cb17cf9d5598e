// Operator console, Usuarios: search accounts by name or email, suspend or re-enable them (audited), and
// open an account's subscription to record a payment received outside the platform (manual processor).
import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUserSummary } from '@almendra/contracts';
import { fieldErrors } from '../../../lib/api-error';
import { showError, showSuccess } from '../../../lib/toast';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LengthCounter } from '../../../components/length-counter';
import { adminBillingApi, adminBillingQueries, billingKeys } from '../../billing/api/billing-api';
import { formatDay, STATUS_COLOR, SubscriptionSummary } from '../../billing/components/billing-tab';
import { ReceiptList } from '../../billing/components/payment-receipts';
import { BillingHistory } from '../../billing/components/billing-history';

function RecordPayment({ user, onDone }: { user: AdminUserSummary; onDone: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'billing']);
  const queryClient = useQueryClient();
  const subscription = useQuery(adminBillingQueries.subscription(user.userId));
  const plans = useQuery(adminBillingQueries.plans());
  const offered = (plans.data?.items ?? []).filter((p) => p.active && (p.countryCode === user.countryCode || p.countryCode === null));
  const [planKey, setPlanKey] = useState<string | null>(null);
  const chosenKey = planKey ?? subscription.data?.state?.keyPlan ?? offered[0]?.key ?? null;
  const plan = offered.find((p) => p.key === chosenKey) ?? null;
  const [amount, setAmount] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const amountValue = amount === '' && plan ? plan.priceCents / 100 : Number(amount);
  const record = useMutation({
    mutationFn: () => adminBillingApi.recordPayment(user.userId, { planKey: chosenKey ?? '', amountCents: Math.round(amountValue * 100), currency: plan?.currency ?? 'USD', reference: reference.trim(), ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (data) => {
      queryClient.setQueryData(adminBillingQueries.subscription(user.userId).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: billingKeys.admin });
      showSuccess(t('admin:payment.done'), t('admin:payment.doneMessage', { date: formatDay(data.state!.vigencia, i18n.language) }));
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else showError(error);
    },
  });
  return (
    <Stack>
      {subscription.data?.state ? <SubscriptionSummary data={subscription.data} /> : null}
      {subscription.data?.receipts && subscription.data.receipts.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('billing:receipts.adminTitle')}
          </Text>
          <ReceiptList receipts={subscription.data.receipts} basePath={`/admin/users/${encodeURIComponent(user.userId)}/subscription/receipts`} />
        </Stack>
      ) : null}
      {subscription.data?.state ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('billing:tab.history')}
          </Text>
          <BillingHistory events={subscription.data.history} operator />
        </Stack>
      ) : null}
      <Title order={3} size="h5">
        {t('admin:payment.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found: Record<string, string> = {};
          if (!(amountValue > 0)) found.amountCents = t('admin:payment.amountInvalid');
          if (!reference.trim()) found.reference = t('admin:payment.referenceRequired');
          setErrors(found);
          if (Object.keys(found).length === 0) record.mutate();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('admin:payment.plan')}
            data={offered.map((p) => ({ value: p.key, label: `${p.name} · ${t(`billing:period.${p.period}`)} · ${p.currency}` }))}
            value={chosenKey}
            onChange={setPlanKey}
            allowDeselect={false}
            error={errors.planKey}
          />
          <Group grow>
            <NumberInput label={`${t('admin:payment.amount')} (${plan?.currency ?? ''})`} value={amount === '' && plan ? plan.priceCents / 100 : amount} onChange={setAmount} decimalScale={2} min={0} error={errors.amountCents} />
          </Group>
          <TextInput label={t('admin:payment.reference')} value={reference} onChange={(e) => setReference(e.currentTarget.value)} error={errors.reference} required />
          <TextInput label={t('admin:payment.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('admin:payment.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function UsersPanel() {
  const { t } = useTranslation(['admin', 'billing']);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState(20);
  const users = useQuery(adminBillingQueries.users(debounced, limit));
  const [managing, setManaging] = useState<AdminUserSummary | null>(null);
  const [banning, setBanning] = useState<AdminUserSummary | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const ban = useMutation({
    mutationFn: ({ user, banned }: { user: AdminUserSummary; banned: boolean }) => adminBillingApi.setBanned(user.userId, banned ? 2 : 0, banned ? reason.trim() : undefined),
    onSuccess: (_data, { banned }) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.admin });
      showSuccess(banned ? t('admin:usersPanel.bannedDone') : t('admin:usersPanel.unbannedDone'), '');
    },
    onError: showError,
  });
  const items = users.data?.items ?? [];
  return (
    <Stack data-testid="admin-users">
      <TextInput placeholder={t('admin:usersPanel.search')} aria-label={t('admin:usersPanel.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      {users.data ? <Text size="sm" c="dimmed">{t('admin:usersPanel.total', { count: users.data.total })}</Text> : null}
      {users.data && users.data.items.length === 0 ? <Text c="dimmed">{t('admin:usersPanel.none')}</Text> : null}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin:usersPanel.name')}</Table.Th>
              <Table.Th>{t('admin:usersPanel.email')}</Table.Th>
              <Table.Th>{t('admin:usersPanel.subscription')}</Table.Th>
              <Table.Th>{t('admin:usersPanel.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((user) => (
              <Table.Tr key={user.userId} data-testid={`admin-user-${user.email}`}>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  {user.subscription ? (
                    <Badge color={STATUS_COLOR[user.subscription.status]} variant="light">
                      {t(`billing:status.${user.subscription.status}`)}
                      {user.subscription.keyPlan ? ` · ${user.subscription.keyPlan}` : ''}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={user.bannedStatus === 2 ? 'red' : 'gray'} variant="outline">
                    {user.bannedStatus === 2 ? t('admin:usersPanel.banned') : t('admin:usersPanel.enabled')}
                  </Badge>
                  {user.bannedStatus === 2 && user.suspensionReason ? (
                    <Text size="xs" c="dimmed" mt={4} maw={260} data-testid="admin-user-suspension-reason">
                      {user.suspensionReason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {user.nutritionistId ? (
                      <Button size="xs" variant="default" onClick={() => setManaging(user)}>
                        {t('admin:usersPanel.manage')}
                      </Button>
                    ) : null}
                    {user.role !== 'admin' ? (
                      user.bannedStatus === 2 ? (
                        <Button size="xs" variant="light" onClick={() => ban.mutate({ user, banned: false })}>
                          {t('admin:usersPanel.unban')}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => {
                            setReason('');
                            setReasonError(null);
                            setBanning(user);
                          }}
                        >
                          {t('admin:usersPanel.ban')}
                        </Button>
                      )
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      <ConfirmDialog
        opened={banning !== null}
        title={t('admin:usersPanel.banTitle')}
        message={t('admin:usersPanel.banConfirm', { name: banning?.name ?? '' })}
        confirmLabel={t('admin:usersPanel.banYes')}
        backLabel={t('admin:usersPanel.back')}
        closeLabel={t('admin:usersPanel.close')}
        danger
        loading={ban.isPending}
        onConfirm={() => {
          if (!banning) return;
          // The same rule as the server's (3 to 500 characters), said next to the field.
          if (reason.trim().length < 3) {
            setReasonError(t('admin:usersPanel.reasonRequired'));
            return;
          }
          ban.mutate({ user: banning, banned: true }, { onSuccess: () => setBanning(null) });
        }}
        onClose={() => setBanning(null)}
      >
        <Textarea
          mt="md"
          label={t('admin:usersPanel.reason')}
          description={t('admin:usersPanel.reasonHint')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          maxLength={500}
          autosize
          minRows={2}
          required
        />
        <LengthCounter length={reason.length} max={500} />
      </ConfirmDialog>
      </Table.ScrollContainer>
      {users.data && users.data.total > items.length ? (
        <Button variant="subtle" onClick={() => setLimit((l) => l + 20)} style={{ alignSelf: 'center' }}>
          {t('admin:usersPanel.more')}
        </Button>
      ) : null}
      <Modal opened={managing !== null} onClose={() => setManaging(null)} title={managing ? `${managing.name} · ${t('admin:usersPanel.manage')}` : ''} size="lg">
        {managing ? <RecordPayment user={managing} onDone={() => undefined} /> : null}
      </Modal>
    </Stack>
  );
}
