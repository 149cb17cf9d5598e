// What the agenda shows of Cobros: the marks of completed appointments not paid yet (one request per
// visible range), a small "$" badge on such an event, and in the appointment's dialog one line — paid,
// partly paid or not paid — with "Registrar cobro", whose amount defaults to the service's price.
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import type { Appointment, Service } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { formatMoney } from '../../appointments/lib/money';
import { paymentKeys, paymentsApi } from '../api/payments-api';
import { PaymentLinkDialog } from './payment-link-dialog';
import { appointmentLabel, RecordPaymentDialog } from './record-payment-dialog';

/** Ids of the range's completed appointments whose service is not covered by their payments. */
export function useUnpaidAppointmentIds(range: { from: string; to: string } | null, appointmentsVersion = 0): Set<string> {
  const unpaid = useQuery({
    // A change in the appointments (one marked completed, moved, deleted) asks again.
    queryKey: [...paymentKeys.unpaid(range?.from ?? '', range?.to ?? ''), appointmentsVersion],
    queryFn: ({ signal }) => paymentsApi.unpaid(range!.from, range!.to, signal),
    enabled: range !== null,
  });
  return useMemo(() => new Set((unpaid.data?.items ?? []).map((i) => i.appointmentId)), [unpaid.data]);
}

/** A white pill with dark text: readable on any event colour, and unlike the time next to it. */
const UNPAID_MARK: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: 15,
  height: 15,
  padding: '0 3px',
  marginInline: 3,
  borderRadius: 8,
  background: '#ffffff',
  color: '#1a1b1e',
  fontSize: 11,
  fontWeight: 700,
  lineHeight: 1,
};

/** The small mark inside a calendar event: not by colour alone, a "$" with its words for screen readers. */
export function UnpaidMark() {
  const { t } = useTranslation('payments');
  return (
    <span className="almendra-event-unpaid" data-testid="event-unpaid" title={t('agenda.unpaid')} aria-label={t('agenda.unpaid')} role="img" style={UNPAID_MARK}>
      $
    </span>
  );
}

/** The appointment dialog's line: how much of the service is paid, and "Registrar cobro". */
export function AppointmentPaymentLine(props: { appointment: Appointment; priceCents?: number | null; currency?: string | null }) {
  const { appointment } = props;
  const { t, i18n } = useTranslation('payments');
  const [recording, setRecording] = useState(false);
  const [linking, setLinking] = useState(false);
  const [openedAt] = useState(() => Date.now());
  // Without the price at hand (a consultation started from the appointment), the place's services say it.
  const services = useQuery({
    queryKey: ['locations', appointment.locationId, 'services'],
    queryFn: ({ signal }) => api.get<Service[]>(`/locations/${encodeURIComponent(appointment.locationId)}/services`, { signal }),
    enabled: props.priceCents === undefined && appointment.serviceId !== null,
  });
  const service = services.data?.find((s) => s.id === appointment.serviceId);
  const priceCents = props.priceCents !== undefined ? props.priceCents : (service?.priceCents ?? null);
  const currency = props.currency !== undefined ? props.currency : (service?.currency ?? null);
  const payments = useQuery({
    queryKey: paymentKeys.patient(appointment.patientId ?? ''),
    queryFn: ({ signal }) => paymentsApi.listForPatient(appointment.patientId!, signal),
    enabled: appointment.patientId !== null,
  });
  if (!appointment.patientId || appointment.status === 'cancelled' || appointment.status === 'pending') return null;
  const money = (cents: number, cur: string) => formatMoney(cents, cur, intlLocale(i18n.language));
  const linked = (payments.data?.items ?? []).filter((p) => p.appointmentId === appointment.id && !p.voided);
  const paid = linked.reduce((sum, p) => sum + p.amountCents, 0);
  const price = priceCents ?? 0;
  const done = appointment.status === 'completed' || new Date(appointment.end).getTime() <= openedAt;
  const cur = currency ?? payments.data?.currency ?? 'ARS';
  const due = Math.max(price - paid, 0);

  let state: 'paid' | 'partly' | 'unpaid' | null = null;
  if (paid > 0 && paid >= price) state = 'paid';
  else if (paid > 0) state = 'partly';
  else if (done && price > 0) state = 'unpaid';

  return (
    <Group gap="xs" wrap="wrap" data-testid="appointment-payment" data-state={state ?? 'none'}>
      <IconCash size={16} aria-hidden />
      {state === 'paid' && (
        <Badge color="teal" variant="light">
          {t('agenda.paid')}
        </Badge>
      )}
      {state === 'partly' && <Text size="sm">{t('agenda.partly', { paid: money(paid, cur), price: money(price, cur) })}</Text>}
      {state === 'unpaid' && (
        <Badge color="orange" variant="light">
          {t('agenda.unpaidDetail', { amount: money(price, cur) })}
        </Badge>
      )}
      {state !== 'paid' && (
        <Button size="compact-sm" variant="light" onClick={() => setRecording(true)} data-testid="appointment-record-payment">
          {t('agenda.record')}
        </Button>
      )}
      {state !== 'paid' && (
        <Button size="compact-sm" variant="subtle" onClick={() => setLinking(true)} data-testid="appointment-payment-link">
          {t('link.action')}
        </Button>
      )}
      <PaymentLinkDialog
        opened={linking}
        onClose={() => setLinking(false)}
        patientId={appointment.patientId}
        patientName={appointment.patientName ?? appointment.title}
        whatsapp={null}
        defaults={{ amountCents: due > 0 ? due : null, appointmentId: appointment.id }}
      />
      <RecordPaymentDialog
        opened={recording}
        onClose={() => setRecording(false)}
        patientId={appointment.patientId}
        patientName={appointment.patientName ?? appointment.title}
        defaults={{ amountCents: due > 0 ? due : null, appointmentId: appointment.id, appointmentLabel: appointmentLabel(appointment.start, null) }}
      />
    </Group>
  );
}
