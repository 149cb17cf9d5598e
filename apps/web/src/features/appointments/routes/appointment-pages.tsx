// /citas and /citasV2: the agenda. A calendar of the nutritionist's appointments (filter by place),
// the visible hours from GET /locations/hours, and the create/edit dialog.
import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Appointment } from '@almendra/contracts';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PATIENT_ANSWER_EVENT } from '@almendra/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { appointmentKeys, appointmentsApi, locationsApi } from '../api/appointments-api';
import { AppointmentModal, type AppointmentModalTarget } from '../components/appointment-modal';
import { CalendarView, type CalendarRange } from '../components/calendar-view';
import { displayDate, formatTime, isoDate } from '../lib/money';
import { showSuccess, showWithActions } from '../../../lib/toast';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { useUnpaidAppointmentIds } from '../../payments/agenda';

function nextHalfHour(): { start: Date; end: Date } {
  const start = new Date();
  start.setSeconds(0, 0);
  start.setMinutes(start.getMinutes() < 30 ? 30 : 60);
  return { start, end: new Date(start.getTime() + 30 * 60_000) };
}

export function AppointmentsPage() {
  const { t } = useTranslation(['appointments', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.appointments')} · ${t('common:appName')}`);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [placeFilter, setPlaceFilter] = useState<string | null>(null);
  const [target, setTarget] = useState<AppointmentModalTarget | null>(null);

  const hours = useQuery({ queryKey: appointmentKeys.hours, queryFn: ({ signal }) => locationsApi.hours(signal) });
  const locations = useQuery({ queryKey: appointmentKeys.locations, queryFn: ({ signal }) => locationsApi.list(signal) });
  const appointments = useQuery({
    queryKey: appointmentKeys.range(range?.from ?? '', range?.to ?? '', placeFilter),
    queryFn: ({ signal }) => appointmentsApi.range({ from: range!.from, to: range!.to, locationId: placeFilter }, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
  // Cobros: completed appointments of the visible range whose service is not paid yet (a "$" mark).
  const unpaidIds = useUnpaidAppointmentIds(range, appointments.dataUpdatedAt);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['locations'] }).then(() => queryClient.invalidateQueries({ queryKey: appointmentKeys.appointments }));
  // The spec's citas-actualizadas: a change elsewhere (another device, a request from the public page,
  // its confirmation in /marketing) refetches the calendar without a reload.
  useRealtimeEvents(['citas-actualizadas', 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.appointments });
  });
  // Cancellations by patients are seen here: opening the agenda (or being on it when one arrives) clears
  // the side menu's badge.
  const markSeen = () =>
    appointmentsApi
      .markAnswersSeen()
      .then(() => queryClient.invalidateQueries({ queryKey: appointmentKeys.unseenAnswers }))
      .catch(() => undefined);
  useEffect(() => {
    void markSeen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the agenda opens
  }, []);
  useRealtimeEvents([PATIENT_ANSWER_EVENT], () => void markSeen());
  // Putting an appointment back where it was, from the "Deshacer" of the move's toast.
  const undoMove = useMutation({
    mutationFn: (appointment: Appointment) => appointmentsApi.update(appointment.id, { start: appointment.start, end: appointment.end, allowOutsideSchedule: true }),
    onSuccess: () => showSuccess(t('appointments:move.undoneTitle'), t('appointments:move.undone')),
    onSettled: refresh,
  });
  const notifyPatient = useMutation({
    mutationFn: (id: string) => appointmentsApi.notifyChange(id),
    onSuccess: (notice) => showSuccess(t('appointments:move.notifiedTitle'), t('appointments:move.notified', { email: notice.sentTo })),
  });
  // A drag or resize is saved at once and says so, with the new time and a way back; a refused drop
  // goes back to its place and the Error toast says why (the server's message: taken, closed…).
  const move = useMutation({
    mutationFn: (input: { appointment: Appointment; change: { start?: string; end?: string }; revert: () => void }) =>
      appointmentsApi.update(input.appointment.id, input.change),
    onError: (_error, input) => input.revert(),
    // The patient is told only when the nutritionist asks (by email for now; by chat once it exists).
    onSuccess: (saved, input) =>
      showWithActions(
        t('appointments:move.movedTitle'),
        t('appointments:move.moved', { date: displayDate(isoDate(new Date(saved.start))), start: formatTime(saved.start), end: formatTime(saved.end) }),
        [
          { label: t('appointments:move.undo'), run: () => undoMove.mutate(input.appointment) },
          ...(saved.patientId && saved.status !== 'cancelled' ? [{ label: t('appointments:move.notify'), run: () => notifyPatient.mutate(saved.id) }] : []),
        ],
      ),
    onSettled: refresh,
  });

  const places = locations.data ?? [];
  const ready = hours.data && locations.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('nav:pages.appointments')}</Title>
        <Group align="flex-end">
          <Select
            label={t('appointments:calendar.filter')}
            placeholder={t('appointments:calendar.allPlaces')}
            clearable
            data={places.map((p) => ({ value: p.id, label: p.name }))}
            value={placeFilter}
            onChange={setPlaceFilter}
            w={240}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={places.length === 0}
            onClick={() => setTarget({ kind: 'create', ...nextHalfHour(), locationId: placeFilter })}
          >
            {t('appointments:calendar.new')}
          </Button>
        </Group>
      </Group>
      {locations.data && places.length === 0 && (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="no-places">
          <Text size="sm">{t('appointments:calendar.noPlaces')}</Text>
          <Anchor component={Link} to="/configuracion" underline="always" size="sm">
            {t('appointments:calendar.goToPlaces')}
          </Anchor>
        </Alert>
      )}
      {hours.data?.alert && places.length > 0 && (
        <Alert variant="light" color="blue" data-testid="hours-alert">
          {t('appointments:calendar.noHours')}
        </Alert>
      )}
      {ready ? (
        <CalendarView
          appointments={appointments.data ?? []}
          unpaidIds={unpaidIds}
          slotMinTime={hours.data.min}
          slotMaxTime={hours.data.max}
          onRangeChange={setRange}
          onSelect={(start, end) => places.length > 0 && setTarget({ kind: 'create', start, end, locationId: placeFilter })}
          onOpen={(appointment) => setTarget({ kind: 'edit', appointment })}
          onMove={(appointment, change, revert) => move.mutate({ appointment, change, revert })}
        />
      ) : (
        <PageLoader />
      )}
      {target && <AppointmentModal target={target} locations={places} onClose={() => setTarget(null)} />}
    </Stack>
  );
}
