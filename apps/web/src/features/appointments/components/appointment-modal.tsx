// Create or edit an appointment: an existing patient (search debounced 500 ms), a new patient created
// inline, or a 'Tiempo libre' block; place, service, date, start time and length, with the place's
// available slots once place, date and interval are all set (seed 2 §5). Edit mode adds completing,
// deleting (with confirmation) and, for an appointment with a patient, starting its consultation (or
// opening it once recorded). Server errors (409 taken, 422 rules) show as Error toasts.
import { Badge, Button, Checkbox, Chip, ColorInput, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Appointment, CreateAppointmentRequest, Location, UpdateAppointmentRequest } from '@almendra/contracts';
import { fallbackStartTimes } from '@almendra/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showSuccess } from '../../../lib/toast';
import { preventEnterSubmit } from '../../settings/locations/enter-guard';
import { appointmentKeys, appointmentsApi, locationsApi } from '../api/appointments-api';
import { displayDate, formatTime, isoDate, minutesBetween } from '../lib/money';
import { ConfirmDialog } from './confirm-dialog';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { AppointmentPaymentLine } from '../../payments/agenda';
import { AppointmentAnswerPanel } from './appointment-answer-panel';

const FALLBACK_TIMES = fallbackStartTimes();

type PatientMode = 'existing' | 'new' | 'free';

export type AppointmentModalTarget =
  | { kind: 'create'; start: Date; end: Date; locationId: string | null }
  | { kind: 'edit'; appointment: Appointment };

/** 'dd-mm-yyyy' → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(y, m - 1, d);
  if (probe.getFullYear() !== y || probe.getMonth() !== m - 1 || probe.getDate() !== d) return null;
  return isoDate(probe);
}

/** Local date 'YYYY-MM-DD' + 'HH:mm' → the instant (ISO, UTC). */
export function localInstant(date: string, time: string): string | null {
  const [y, m, d] = date.split('-').map(Number);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!y || !m || !d || !tm) return null;
  return new Date(y, m - 1, d, Number(tm[1]), Number(tm[2])).toISOString();
}

/** Whether the slot list may be asked for: place id, date, interval and the place itself all set. */
export function canAskSlots(input: { locationId: string | null; date: string | null; interval: number | null; place: Location | undefined }): boolean {
  return Boolean(input.locationId && input.date && input.interval && input.interval >= 5 && input.place);
}

export function AppointmentModal({ target, locations, onClose }: { target: AppointmentModalTarget; locations: Location[]; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const phone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  // The dialog's appointment follows what the server answers (attendance marked from here).
  const [current, setCurrent] = useState<Appointment | null>(target.kind === 'edit' ? target.appointment : null);
  const editing = current;
  const initialStart = editing ? new Date(editing.start) : target.kind === 'create' ? target.start : new Date();
  const initialEnd = editing ? new Date(editing.end) : target.kind === 'create' ? target.end : new Date();
  const usable = locations.filter((l) => !l.disabled || l.id === editing?.locationId);

  const [mode, setMode] = useState<PatientMode>(editing ? (editing.patientId ? 'existing' : 'free') : 'existing');
  const [patientId, setPatientId] = useState<string | null>(editing?.patientId ?? null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [newPatient, setNewPatient] = useState({ firstName: '', lastName: '', email: '', phone: '' });
  const [locationId, setLocationId] = useState<string | null>(
    editing?.locationId ?? (target.kind === 'create' ? target.locationId : null) ?? (usable.length === 1 ? usable[0]!.id : null),
  );
  const [serviceId, setServiceId] = useState<string | null>(editing?.serviceId ?? null);
  const [dateText, setDateText] = useState(displayDate(isoDate(initialStart)));
  const [time, setTime] = useState(formatTime(initialStart));
  const [duration, setDuration] = useState<number | string>(Math.max(5, minutesBetween(initialStart, initialEnd)));
  const place = usable.find((l) => l.id === locationId);
  const [slotInterval, setSlotInterval] = useState<number | string>(place?.slotIntervalMinutes ?? 30);
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [color, setColor] = useState(editing?.customColor ? editing.color : '');
  // A time outside the list (an appointment saved at 23:10, say) stays choosable.
  const startTimes = useMemo(() => (time && !FALLBACK_TIMES.includes(time) ? [...FALLBACK_TIMES, time].sort() : FALLBACK_TIMES), [time]);
  const [outside, setOutside] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const date = parseDisplayDate(dateText);

  const patients = useQuery({
    queryKey: ['patients', 'search', debouncedSearch],
    queryFn: ({ signal }) => appointmentsApi.searchPatients(debouncedSearch, signal),
    enabled: mode === 'existing' && debouncedSearch.trim().length > 0,
  });
  const patientOptions = useMemo(() => {
    const options = (patients.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }));
    if (editing?.patientId && editing.patientName && !options.some((o) => o.value === editing.patientId)) {
      options.unshift({ value: editing.patientId, label: editing.patientName });
    }
    return options;
  }, [patients.data, editing]);

  const services = useQuery({
    queryKey: appointmentKeys.services(locationId ?? ''),
    queryFn: ({ signal }) => locationsApi.services(locationId!, signal),
    enabled: Boolean(locationId),
  });
  const intervalNumber = typeof slotInterval === "number" ? slotInterval : null;
  const slotsEnabled = canAskSlots({ locationId, date, interval: intervalNumber, place });
  const slots = useQuery({
    queryKey: appointmentKeys.slots(locationId ?? '', date ?? '', intervalNumber ?? 0, serviceId),
    queryFn: ({ signal }) => locationsApi.slots(locationId!, { date: date!, interval: intervalNumber!, serviceId }, signal),
    enabled: slotsEnabled,
  });
  const available = (slots.data ?? []).filter((s) => s.available);

  const done = async (title: string, message: string) => {
    showSuccess(title, message);
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.appointments });
    await queryClient.invalidateQueries({ queryKey: ['locations'] });
    onClose();
  };

  const save = useMutation({
    mutationFn: () => {
      const start = date ? localInstant(date, time) : null;
      if (!start || !locationId) throw new Error('invalid');
      const end = new Date(Date.parse(start) + Number(duration) * 60_000).toISOString();
      if (editing) {
        const body: UpdateAppointmentRequest = {
          patientId: mode === 'free' ? null : patientId,
          locationId,
          serviceId,
          start,
          end,
          notes,
          color: color || null,
          ...(outside ? { allowOutsideSchedule: true } : {}),
        };
        return appointmentsApi.update(editing.id, body);
      }
      const body: CreateAppointmentRequest = {
        locationId,
        start,
        end,
        serviceId,
        notes,
        color: color || null,
        allowOutsideSchedule: outside,
        ...(mode === 'existing' ? { patientId } : {}),
        ...(mode === 'new'
          ? { newPatient: { firstName: newPatient.firstName, lastName: newPatient.lastName, email: newPatient.email, phone: newPatient.phone } }
          : {}),
      };
      return appointmentsApi.create(body);
    },
    onSuccess: () => done(t('form.savedTitle'), t('form.saved')),
  });
  const complete = useMutation({
    mutationFn: () => appointmentsApi.update(editing!.id, { status: 'completed' }),
    onSuccess: () => done(t('form.completedTitle'), t('form.completed')),
  });
  const remove = useMutation({
    mutationFn: () => appointmentsApi.remove(editing!.id),
    onSuccess: () => done(t('form.deletedTitle'), t('form.deleted')),
  });

  const missingPatient =
    (mode === 'existing' && !patientId) || (mode === 'new' && (!newPatient.firstName.trim() || !newPatient.lastName.trim()));
  const invalid = !locationId || !date || !/^\d{2}:\d{2}$/.test(time) || typeof duration !== 'number' || missingPatient;

  return (
    // On a phone the dialog takes the whole screen and the three kinds stack, so none is cut off.
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={editing ? t('form.editTitle') : t('form.newTitle')}
    >
      <form
        onKeyDown={preventEnterSubmit}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) save.mutate();
        }}
      >
        <Stack gap="sm">
          {editing && (
            <Group gap="xs">
              <Badge variant="light" color={editing.status === 'completed' ? 'teal' : 'blue'}>
                {t(`status.${editing.status}`)}
              </Badge>
            </Group>
          )}
          {editing && <AppointmentAnswerPanel appointment={editing} onChanged={setCurrent} />}
          {editing?.patientId && (
            <AppointmentPaymentLine
              appointment={editing}
              priceCents={editing.serviceId ? (services.data?.find((s) => s.id === editing.serviceId)?.priceCents ?? null) : null}
              currency={services.data?.find((s) => s.id === editing.serviceId)?.currency ?? null}
            />
          )}
          <SegmentedControl
            fullWidth
            orientation={phone ? 'vertical' : 'horizontal'}
            value={mode}
            onChange={(value) => setMode(value as PatientMode)}
            aria-label={t('form.kind')}
            data={[
              { value: 'existing', label: t('form.existingPatient') },
              ...(editing ? [] : [{ value: 'new', label: t('form.newPatient') }]),
              { value: 'free', label: t('form.freeTime') },
            ]}
          />
          {mode === 'existing' && (
            <Select
              label={t('form.patient')}
              placeholder={t('form.patientPlaceholder')}
              searchable
              required
              data={patientOptions}
              value={patientId}
              onChange={setPatientId}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={debouncedSearch ? (patients.isFetching ? t('form.searching') : t('form.noPatients')) : t('form.typeToSearch')}
            />
          )}
          {mode === 'new' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('form.firstName')} required value={newPatient.firstName} onChange={(e) => setNewPatient({ ...newPatient, firstName: e.currentTarget.value })} />
              <TextInput label={t('form.lastName')} required value={newPatient.lastName} onChange={(e) => setNewPatient({ ...newPatient, lastName: e.currentTarget.value })} />
              <TextInput label={t('form.email')} type="email" value={newPatient.email} onChange={(e) => setNewPatient({ ...newPatient, email: e.currentTarget.value })} />
              <TextInput label={t('form.phone')} type="tel" inputMode="tel" value={newPatient.phone} onChange={(e) => setNewPatient({ ...newPatient, phone: e.currentTarget.value })} />
            </SimpleGrid>
          )}
          {mode === 'free' && <Text size="sm" c="dimmed">{t('form.freeTimeHelp')}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('form.place')}
              required
              data={usable.map((l) => ({ value: l.id, label: l.name }))}
              value={locationId}
              onChange={(value) => {
                setLocationId(value);
                setServiceId(null);
                const next = usable.find((l) => l.id === value);
                if (next) setSlotInterval(next.slotIntervalMinutes);
              }}
            />
            <Select
              label={t('form.service')}
              clearable
              disabled={!locationId}
              placeholder={t('form.noService')}
              data={(services.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={serviceId}
              onChange={(value) => {
                setServiceId(value);
                const service = services.data?.find((s) => s.id === value);
                if (service) setDuration(service.durationMinutes);
              }}
            />
            <TextInput label={t('form.date')} placeholder={t('form.datePlaceholder')} inputMode="numeric" value={dateText} onChange={(e) => setDateText(e.currentTarget.value)} error={dateText && !date ? t('form.dateInvalid') : undefined} />
            {/* The start time is picked from a list (seed 2 §9: 06:00–22:00 every 5 minutes), searchable by typing. */}
            <Select
              label={t('form.startTime')}
              placeholder="HH:mm"
              data={startTimes}
              value={time || null}
              onChange={(value) => setTime(value ?? '')}
              searchable
              allowDeselect={false}
              maxDropdownHeight={240}
            />
            <NumberInput label={t('form.duration')} min={5} max={720} step={5} allowDecimal={false} value={duration} onChange={setDuration} />
            <NumberInput label={t('form.interval')} min={5} max={240} step={5} allowDecimal={false} value={slotInterval} onChange={setSlotInterval} />
            {/* The appointment's own colour (seed 1 §3 Tur_color); empty keeps its place's. The text colour
                follows from it by the 80 % brightness rule, on the server. */}
            <ColorInput
              label={t('form.color')}
              description={t('form.colorHelp')}
              format="hex"
              placeholder={place?.color ?? '#1971c2'}
              value={color}
              onChange={setColor}
              eyeDropperButtonProps={{ 'aria-label': t('form.eyeDropper') }}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} id="available-slots-label">
              {t('form.availableSlots')}
            </Text>
            {!slotsEnabled ? (
              <Text size="sm" c="dimmed">
                {t('form.slotsNeedData')}
              </Text>
            ) : slots.isPending ? (
              <Text size="sm" c="dimmed">
                {t('form.searching')}
              </Text>
            ) : available.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="slots-empty">
                {t('form.noSlots')}
              </Text>
            ) : (
              <Chip.Group value={time} onChange={(value) => setTime(value as string)}>
                <Group gap={6} mt={4} role="group" aria-labelledby="available-slots-label" data-testid="available-slots">
                  {available.map((slot) => (
                    <Chip key={slot.start} value={slot.time} size="xs" variant="outline">
                      {slot.time}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
          </div>
          <AutoTextarea label={t('form.notes')} minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          <Checkbox label={t('form.allowOutside')} checked={outside} onChange={(e) => setOutside(e.currentTarget.checked)} />
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              {editing && (
                <>
                  <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                    {t('actions.delete')}
                  </Button>
                  {editing.status !== 'completed' && !editing.consultationId && (
                    <Button variant="light" color="teal" loading={complete.isPending} onClick={() => complete.mutate()}>
                      {t('form.markCompleted')}
                    </Button>
                  )}
                  {editing.patientId && editing.consultationId && (
                    <Button
                      component={Link}
                      variant="light"
                      to={`/ficha?paciente=${encodeURIComponent(editing.patientId)}&tab=consultas`}
                      onClick={onClose}
                    >
                      {t('form.viewConsultation')}
                    </Button>
                  )}
                  {editing.patientId && !editing.consultationId && editing.status !== 'cancelled' && (
                    <Button
                      component={Link}
                      variant="filled"
                      color="teal"
                      to={`/nueva-consulta?paciente=${encodeURIComponent(editing.patientId)}&turno=${encodeURIComponent(editing.id)}`}
                      onClick={onClose}
                    >
                      {t('form.startConsultation')}
                    </Button>
                  )}
                </>
              )}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={invalid} loading={save.isPending}>
                {t('form.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('form.deleteTitle')}
        message={t('form.deleteBody')}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      />
    </Modal>
  );
}
