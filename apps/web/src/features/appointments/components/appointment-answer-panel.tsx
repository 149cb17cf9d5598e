// The patient's side of an appointment in its dialog (issue 27): her answer from the personal link (none
// yet, confirmed, cancelled with her reason), the reminder by WhatsApp with that link (the Argentine number
// normalisation of lib/whatsapp.ts) or the link to copy, and — once the time has passed — whether she came,
// with "Asistió" proposed when she has a consultation that day.
import { Alert, Badge, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { Appointment } from '@almendra/contracts';
import { IconBrandWhatsapp, IconCopy, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/toast';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { appointmentKeys, appointmentsApi } from '../api/appointments-api';
import { formatWeekday } from '../../../lib/dates';
import { displayDate, formatTime, isoDate } from '../lib/money';
import { eventKind } from './calendar-view';

const CONFIRMATION_COLOR = { pending: 'gray', confirmed: 'teal', cancelled_by_patient: 'red' } as const;

/** The WhatsApp text: who, when, where, and the personal link. */
export function reminderText(
  t: (key: string, values: Record<string, string>) => string,
  appointment: Appointment,
  firstName: string,
  url: string,
  language: string,
): string {
  const start = new Date(appointment.start);
  return t('confirmation.reminderText', {
    name: firstName,
    weekday: formatWeekday(start, language.startsWith('en') ? 'es' : language),
    date: displayDate(isoDate(start)),
    time: formatTime(start),
    place: appointment.locationName,
    url,
  });
}

export function AppointmentAnswerPanel({ appointment, onChanged }: { appointment: Appointment; onChanged: (saved: Appointment) => void }) {
  const { t, i18n } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const kind = eventKind(appointment);
  // The moment the dialog opened decides what it offers (a reminder before, attendance after).
  const [openedAt] = useState(() => Date.now());
  const upcoming = Date.parse(appointment.start) > openedAt;
  const canRemind = appointment.patientId !== null && upcoming && (kind === 'scheduled' || kind === 'confirmed');
  const link = useQuery({
    queryKey: appointmentKeys.confirmationLink(appointment.id, appointment.start),
    queryFn: ({ signal }) => appointmentsApi.confirmationLink(appointment.id, signal),
    enabled: canRemind,
    staleTime: 5 * 60_000,
  });
  const patient = useQuery({
    queryKey: ['patients', 'detail', appointment.patientId],
    queryFn: ({ signal }) => appointmentsApi.patient(appointment.patientId!, signal),
    enabled: canRemind,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const attendance = useMutation({
    mutationFn: (value: 'attended' | 'no_show' | null) => appointmentsApi.update(appointment.id, { attendance: value }),
    onSuccess: async (saved) => {
      showSuccess(t('attendance.savedTitle'), t('attendance.saved'));
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.appointments });
      onChanged(saved);
    },
  });

  if (appointment.patientId === null || kind === 'pending') return null;
  const answeredAt = appointment.confirmationAnsweredAt ? new Date(appointment.confirmationAnsweredAt) : null;
  const answered = answeredAt ? { date: displayDate(isoDate(answeredAt)), time: formatTime(answeredAt) } : null;
  const phone = patient.data ? whatsappNumber(patient.data.mobileAreaCode, patient.data.mobileNumber, patient.data.phone) : null;
  const text = link.data && patient.data ? reminderText(t as never, appointment, patient.data.firstName, link.data.url, i18n.language) : null;
  const canMarkAttendance = !upcoming && (kind === 'scheduled' || kind === 'confirmed' || kind === 'completed');

  return (
    <Stack gap="xs" data-testid="appointment-answer">
      <Group gap="xs">
        <Badge variant="light" color={CONFIRMATION_COLOR[appointment.confirmation]} data-testid="confirmation-badge">
          {t(`confirmation.${appointment.confirmation}`)}
        </Badge>
        {appointment.attendance && (
          <Badge variant="light" color={appointment.attendance === 'attended' ? 'teal' : 'red'} data-testid="attendance-badge">
            {t(appointment.attendance === 'attended' ? 'attendance.attended' : 'attendance.noShow')}
          </Badge>
        )}
        {answered && appointment.confirmation === 'confirmed' && (
          <Text size="xs" c="dimmed">
            {t('confirmation.answeredAt', answered)}
          </Text>
        )}
      </Group>
      {kind === 'cancelledByPatient' && (
        <Alert variant="light" color="red" title={t('confirmation.cancelledTitle')} data-testid="cancelled-by-patient">
          <Text size="sm">{answered ? t('confirmation.cancelledBody', answered) : null}</Text>
          {appointment.patientCancelReason && <Text size="sm">{t('confirmation.reason', { reason: appointment.patientCancelReason })}</Text>}
        </Alert>
      )}
      {canRemind && (
        <Group gap="xs">
          <Button
            component="a"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            href={text ? whatsappLink(phone, text) : undefined}
            data-disabled={text ? undefined : true}
            onClick={(event) => {
              if (!text) event.preventDefault();
            }}
            target="_blank"
            rel="noopener noreferrer"
            title={patient.isSuccess && !phone ? t('confirmation.whatsappNoPhone') : undefined}
            data-testid="whatsapp-reminder"
          >
            {t('confirmation.whatsapp')}
          </Button>
          {link.data && (
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => {
                    copy();
                    showSuccess(t('confirmation.copied'), t('confirmation.copiedBody'));
                  }}
                >
                  {copied ? t('confirmation.copied') : t('confirmation.copyLink')}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
      )}
      {canMarkAttendance && (
        <div role="group" aria-labelledby="attendance-title">
          <Text size="sm" fw={500} id="attendance-title">
            {t('attendance.title')}
          </Text>
          {appointment.suggestedAttendance === 'attended' && (
            <Text size="xs" c="dimmed" data-testid="attendance-suggestion">
              {t('attendance.suggested')}
            </Text>
          )}
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              color="teal"
              variant={appointment.attendance === 'attended' || appointment.suggestedAttendance === 'attended' ? 'filled' : 'light'}
              aria-pressed={appointment.attendance === 'attended'}
              leftSection={<IconUserCheck size={14} aria-hidden />}
              loading={attendance.isPending && attendance.variables === 'attended'}
              onClick={() => attendance.mutate('attended')}
            >
              {t('attendance.attended')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant={appointment.attendance === 'no_show' ? 'filled' : 'light'}
              aria-pressed={appointment.attendance === 'no_show'}
              leftSection={<IconUserX size={14} aria-hidden />}
              loading={attendance.isPending && attendance.variables === 'no_show'}
              onClick={() => attendance.mutate('no_show')}
            >
              {t('attendance.noShow')}
            </Button>
            {appointment.attendance && (
              <Button size="xs" variant="subtle" onClick={() => attendance.mutate(null)}>
                {t('attendance.clear')}
              </Button>
            )}
          </Group>
        </div>
      )}
    </Stack>
  );
}
