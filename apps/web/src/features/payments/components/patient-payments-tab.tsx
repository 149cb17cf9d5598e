// The record's "Cobros" tab: the balance (services of completed appointments minus what was paid), the
// payments newest first with their receipt number, and per payment: download the receipt, send it by
// email, share it by WhatsApp (an expiring link to its PDF, like the plan's) and void it (an app dialog;
// the payment stays listed as voided). "Registrar cobro" opens the dialog.
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconCash, IconFileTypePdf, IconLink, IconMail, IconPlus, IconReceiptOff } from '@tabler/icons-react';
import type { Patient, PatientPayment } from '@almendra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/toast';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { displayDate, formatMoney } from '../../appointments/lib/money';
import { paymentKeys, paymentsApi, receiptFilename, receiptLabel, saveBlob } from '../api/payments-api';
import { PaymentLinkDialog } from './payment-link-dialog';
import { PaymentLinksList } from './payment-links-list';
import { RecordPaymentDialog } from './record-payment-dialog';

export function PatientPaymentsTab({ patient, readOnly }: { patient: Patient; readOnly: boolean }) {
  const { t, i18n } = useTranslation('payments');
  const [recording, setRecording] = useState(false);
  const [linking, setLinking] = useState(false);
  const payments = useQuery({ queryKey: paymentKeys.patient(patient.id), queryFn: ({ signal }) => paymentsApi.listForPatient(patient.id, signal) });
  const money = (cents: number, currency: string) => formatMoney(cents, currency, intlLocale(i18n.language));
  const name = `${patient.firstName} ${patient.lastName}`.trim();

  if (payments.isPending) return <Loader aria-label={t('loading')} />;
  if (payments.isError) return <Alert color="red">{t('error')}</Alert>;
  const { items, balanceCents, billedCents, paidCents, currency } = payments.data;
  const balanceLabel = balanceCents > 0 ? t('balance.owes') : balanceCents < 0 ? t('balance.credit') : t('balance.settled');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('heading')}
        </Title>
        {!readOnly && (
          <Group gap="xs">
            <Button variant="light" leftSection={<IconLink size={16} aria-hidden />} onClick={() => setLinking(true)} data-testid="send-payment-link">
              {t('link.action')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRecording(true)} data-testid="record-payment">
              {t('record')}
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md" p="md" data-testid="payments-balance" data-balance-cents={balanceCents}>
        <Group gap="sm" align="baseline" wrap="wrap">
          <Text fw={600}>{balanceLabel}</Text>
          <Text fw={700} size="xl" c={balanceCents > 0 ? 'red.8' : 'teal.8'}>
            {money(Math.abs(balanceCents), currency)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('balance.detail', { billed: money(billedCents, currency), paid: money(paidCents, currency) })}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t('balance.help')}
        </Text>
      </Paper>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconCash size={28} aria-hidden />
            <Text ta="center" data-testid="payments-empty">
              {t('empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" data-testid="payments-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.number')}</Table.Th>
                <Table.Th>{t('columns.date')}</Table.Th>
                <Table.Th>{t('columns.method')}</Table.Th>
                <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                <Table.Th>{t('columns.note')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} patient={patient} readOnly={readOnly} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PaymentLinksList patient={patient} />
      <RecordPaymentDialog opened={recording} onClose={() => setRecording(false)} patientId={patient.id} patientName={name} />
      <PaymentLinkDialog opened={linking} onClose={() => setLinking(false)} patientId={patient.id} patientName={name} whatsapp={whatsappNumber(patient.mobileAreaCode, patient.mobileNumber, patient.phone)} />
    </Stack>
  );
}

function PaymentRow({ payment, patient, readOnly }: { payment: PatientPayment; patient: Patient; readOnly: boolean }) {
  const { t, i18n } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const amount = formatMoney(payment.amountCents, payment.currency, intlLocale(i18n.language));
  const number = receiptLabel(payment.number);
  const voidPayment = useMutation({
    mutationFn: () => paymentsApi.void(payment.id),
    onSuccess: async () => {
      setConfirming(false);
      showSuccess(t('void.doneTitle'), t('void.done', { number }));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const email = useMutation({
    mutationFn: () => paymentsApi.email(payment.id),
    onSuccess: (sent) => showSuccess(t('email.sentTitle'), t('email.sent', { email: sent.to })),
  });
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await paymentsApi.receipt(payment.id), receiptFilename(payment.number));
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  const share = async () => {
    // Opened before the request so the browser treats it as the click's window, not a pop-up.
    const tab = window.open('', '_blank');
    try {
      const link = await paymentsApi.shareLink(payment.id);
      const message = t('share.message', { name: patient.firstName, number, amount, url: link.url, date: displayDate(link.expiresAt.slice(0, 10)) });
      const url = whatsappLink(whatsappNumber(patient.mobileAreaCode, patient.mobileNumber, patient.phone), message);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (error) {
      tab?.close();
      showError(error);
    }
  };

  return (
    <Table.Tr data-testid="payment-row" data-number={payment.number} data-voided={payment.voided || undefined}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace" td={payment.voided ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {number}
          </Text>
          {payment.voided && (
            <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
              {t('voidedBadge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(payment.date)}</Table.Td>
      <Table.Td>{t(`methods.${payment.method}`)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" td={payment.voided ? 'line-through' : undefined}>
          {amount}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {payment.note}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('actions.receipt')}>
            <ActionIcon variant="subtle" aria-label={t('actions.receipt')} loading={downloading} onClick={() => void download()} data-testid="payment-receipt">
              <IconFileTypePdf size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.email')}>
            <ActionIcon variant="subtle" aria-label={t('actions.email')} loading={email.isPending} onClick={() => email.mutate()}>
              <IconMail size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.whatsapp')}>
            <ActionIcon variant="subtle" color="green" aria-label={t('actions.whatsapp')} onClick={() => void share()}>
              <IconBrandWhatsapp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {!readOnly && !payment.voided && (
            <Tooltip label={t('actions.void')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('actions.void')} onClick={() => setConfirming(true)} data-testid="payment-void">
                <IconReceiptOff size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('void.title')} closeButtonProps={{ 'aria-label': t('actions.close') }}>
          <Stack>
            <Text size="sm">{t('void.body', { number, amount })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('actions.cancel')}
              </Button>
              <Button color="red" loading={voidPayment.isPending} onClick={() => voidPayment.mutate()} data-testid="confirm-void-payment">
                {t('void.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}
