// "Registrar cobro": amount (typed the Argentine way, comma decimals), method, date (dd-mm-aaaa, today by
// default), an optional appointment among the patient's completed ones not yet paid (choosing one sets
// the amount to what is left of its service's price) and a note. Opened from the record's "Cobros", from
// an appointment in the agenda and from a consultation, each with the service's price as the amount.
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import type { PatientPayment, PatientPaymentMethod } from '@almendra/contracts';
import { PATIENT_PAYMENT_METHODS } from '@almendra/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../lib/calendar-date';
import { intlLocale } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { centsToInput, displayDate, filterPriceInput, formatMoney, formatTime, isoDate } from '../../appointments/lib/money';
import { preventEnterSubmit } from '../../settings/locations/enter-guard';
import { paymentKeys, paymentsApi, receiptLabel } from '../api/payments-api';
import { readAmount, readDisplayDate } from '../lib/payment-input';

export interface RecordPaymentDefaults {
  amountCents?: number | null;
  appointmentId?: string | null;
  /** How to name the appointment when it is not among the unpaid ones ('10-03-2026 09:00 · Consulta'). */
  appointmentLabel?: string | null;
}

export interface RecordPaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  patientId: string;
  patientName: string;
  defaults?: RecordPaymentDefaults;
  onSaved?: (payment: PatientPayment) => void;
}

/** The unpaid list looks this far back for appointments to link. */
const LOOKBACK_DAYS = 399;

export function appointmentLabel(start: string, serviceName: string | null): string {
  return `${displayDate(isoDate(new Date(start)))} ${formatTime(start)}${serviceName ? ` · ${serviceName}` : ''}`;
}

export function RecordPaymentDialog(props: RecordPaymentDialogProps) {
  const { t } = useTranslation('payments');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('dialog.title')} closeButtonProps={{ 'aria-label': t('actions.close') }} zIndex={400}>
      {props.opened ? <RecordPaymentForm {...props} /> : null}
    </Modal>
  );
}

function RecordPaymentForm({ onClose, patientId, patientName, defaults, onSaved }: RecordPaymentDialogProps) {
  const { t, i18n } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState(defaults?.amountCents ? centsToInput(defaults.amountCents) : '');
  const [method, setMethod] = useState<PatientPaymentMethod>('cash');
  const [dateText, setDateText] = useState(displayDate(todayIso()));
  const [appointmentId, setAppointmentId] = useState<string | null>(defaults?.appointmentId ?? null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);

  const [range] = useState(() => {
    const now = Date.now();
    return { from: new Date(now - LOOKBACK_DAYS * 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() };
  });
  const unpaid = useQuery({
    queryKey: [...paymentKeys.unpaid(range.from, range.to), patientId],
    queryFn: ({ signal }) => paymentsApi.unpaid(range.from, range.to, signal, patientId),
  });
  const options = useMemo(() => {
    const list = (unpaid.data?.items ?? []).map((a) => ({ value: a.appointmentId, label: appointmentLabel(a.start, a.serviceName), due: a.priceCents - a.paidCents }));
    if (defaults?.appointmentId && !list.some((o) => o.value === defaults.appointmentId)) {
      list.unshift({ value: defaults.appointmentId, label: defaults.appointmentLabel ?? defaults.appointmentId, due: 0 });
    }
    return list;
  }, [unpaid.data, defaults]);

  const amount = readAmount(amountText);
  const date = readDisplayDate(dateText);
  const save = useMutation({
    mutationFn: () =>
      paymentsApi.create(patientId, {
        amountCents: amount.cents!,
        method,
        date: date!,
        appointmentId,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async (payment) => {
      showSuccess(t('dialog.savedTitle'), t('dialog.saved', { number: receiptLabel(payment.number), amount: formatMoney(payment.amountCents, payment.currency, intlLocale(i18n.language)) }));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      onSaved?.(payment);
      onClose();
    },
  });
  const invalid = amount.error !== null || date === null;

  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is portalled, but React bubbles the submit through the component tree: opened from the
        // appointment's dialog it would also submit (save) the appointment's form.
        event.stopPropagation();
        setTouched(true);
        if (!invalid) save.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('dialog.patient', { name: patientName })}
        </Text>
        <TextInput
          label={t('dialog.amount')}
          description={t('dialog.amountHint')}
          inputMode="decimal"
          required
          data-autofocus
          data-testid="payment-amount"
          value={amountText}
          onChange={(e) => setAmountText(filterPriceInput(e.currentTarget.value))}
          onBlur={() => setTouched(true)}
          error={touched && amount.error ? t(`dialog.${amount.error}`) : undefined}
        />
        <Select
          label={t('dialog.method')}
          data-testid="payment-method"
          allowDeselect={false}
          data={PATIENT_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          value={method}
          onChange={(value) => value && setMethod(value as PatientPaymentMethod)}
          comboboxProps={{ zIndex: 500 }}
        />
        <TextInput
          label={t('dialog.date')}
          placeholder="dd-mm-aaaa"
          data-testid="payment-date"
          value={dateText}
          onChange={(e) => setDateText(e.currentTarget.value)}
          error={touched && date === null ? t('dialog.dateInvalid') : undefined}
        />
        <Select
          label={t('dialog.appointment')}
          placeholder={t('dialog.noAppointment')}
          data-testid="payment-appointment"
          clearable
          data={options.map(({ value, label }) => ({ value, label }))}
          value={appointmentId}
          onChange={(value) => {
            setAppointmentId(value);
            const due = options.find((o) => o.value === value)?.due;
            if (due && due > 0) setAmountText(centsToInput(due));
          }}
          comboboxProps={{ zIndex: 500 }}
        />
        <AutoTextarea label={t('dialog.note')} minRows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="payment-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
