// FullCalendar (v7) in Spanish: Monday first, day/week/month (day/list on phones), half-hour rows so a
// working day fits a laptop screen while dragging and selecting still snap to 5 minutes, events in
// their place's (or own) colour with the server's text colour, drawn as filled blocks in every view.
// Selecting time asks to create; dragging or resizing goes through onMove (confirm/undo upstream).
// Each appointment says who and in what state without relying on colour: the name comes first (a
// 30-minute block has room for one line), a status icon precedes it, a request still to confirm is drawn
// outlined and dashed instead of filled, and a legend under the calendar explains the icons. The list view
// keeps the theme's text on its own rows (the event's text colour is meant for the filled block only).
// The patient's answer (issue 27) is the kind too: no answer yet ('scheduled'), confirmed (its own icon),
// or cancelled by her (outlined with a dotted border, name struck through, not draggable: the slot is free).
// Once its time has passed, whether she came shows as a second icon (came, did not come, not said yet).
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-view.css';
import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Appointment } from '@almendra/contracts';
import {
  IconCalendarCheck,
  IconCalendarX,
  IconChecks,
  IconCircleCheck,
  IconClockPause,
  IconHourglassHigh,
  IconUserCheck,
  IconUserQuestion,
  IconUserX,
  type Icon,
} from '@tabler/icons-react';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { UnpaidMark } from '../../payments/agenda';
import { formatTime, formatTimeRange } from '../../../lib/dates';

export interface CalendarRange {
  from: string;
  to: string;
}

export interface CalendarViewProps {
  appointments: Appointment[];
  slotMinTime: string;
  slotMaxTime: string;
  initialView?: 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth' | 'listWeek';
  initialDate?: Date;
  onRangeChange: (range: CalendarRange) => void;
  onSelect: (start: Date, end: Date) => void;
  onOpen: (appointment: Appointment) => void;
  onMove: (appointment: Appointment, change: { start?: string; end?: string }, revert: () => void) => void;
  /** Completed appointments not paid yet (Cobros): drawn with a small "$" mark. */
  unpaidIds?: ReadonlySet<string>;
}

/**
 * What the calendar tells apart at a glance: free time, a request still to accept, a completed
 * appointment, or a scheduled one by the patient's answer (none yet, confirmed, cancelled by her).
 */
export type CalendarEventKind = 'scheduled' | 'confirmed' | 'cancelledByPatient' | 'pending' | 'completed' | 'free';

export function eventKind(appointment: Appointment): CalendarEventKind {
  if (appointment.patientId === null) return 'free';
  if (appointment.status === 'cancelled' && appointment.confirmation === 'cancelled_by_patient') return 'cancelledByPatient';
  if (appointment.status === 'pending' || appointment.status === 'completed') return appointment.status;
  return appointment.confirmation === 'confirmed' ? 'confirmed' : 'scheduled';
}

/** Shown in the calendar: everything but appointments the practice itself cancelled. */
export function isShownInCalendar(appointment: Appointment): boolean {
  return appointment.status !== 'cancelled' || appointment.confirmation === 'cancelled_by_patient';
}

/** Whether the patient came, once the time has passed: said by the nutritionist, or still to say. */
export type AttendanceMark = 'attended' | 'noShow' | 'unmarked';

export function attendanceMark(appointment: Appointment, now: Date = new Date()): AttendanceMark | null {
  if (appointment.attendance === 'attended') return 'attended';
  if (appointment.attendance === 'no_show') return 'noShow';
  const kind = eventKind(appointment);
  if (kind !== 'scheduled' && kind !== 'confirmed') return null;
  return Date.parse(appointment.start) <= now.getTime() ? 'unmarked' : null;
}

const KIND_ICON: Record<CalendarEventKind, Icon> = {
  scheduled: IconCalendarCheck,
  confirmed: IconCircleCheck,
  cancelledByPatient: IconCalendarX,
  pending: IconHourglassHigh,
  completed: IconChecks,
  free: IconClockPause,
};
const ATTENDANCE_ICON: Record<AttendanceMark, Icon> = { attended: IconUserCheck, noShow: IconUserX, unmarked: IconUserQuestion };
const LEGEND_KINDS: CalendarEventKind[] = ['scheduled', 'confirmed', 'cancelledByPatient', 'pending', 'completed', 'free'];
const LEGEND_ATTENDANCE: AttendanceMark[] = ['attended', 'noShow', 'unmarked'];

/** Appointment → FullCalendar event: colour and text colour exactly as the server answered. */
export function toEvent(appointment: Appointment) {
  return {
    id: appointment.id,
    // Cancelled by the patient: her slot is free, the block only says so; it does not move.
    ...(eventKind(appointment) === 'cancelledByPatient' ? { editable: false } : {}),
    title: appointment.title,
    start: appointment.start,
    end: appointment.end,
    // FullCalendar 7 names them color (background and border) and contrastColor (text).
    color: appointment.color,
    contrastColor: appointment.textColor,
    extendedProps: { appointment },
  };
}

// The classic theme's "faint" text (days of other months) is below 4.5:1 on white; darken it.
const READABLE_FAINT_TEXT = { '--fc-classic-faint-foreground': '#5c6370' } as CSSProperties;

/** Rows drawn per half hour; appointments still start and end on any 5-minute mark (seed 2 §9). */
const ROW_DURATION = '00:30:00';
const SNAP_DURATION = '00:05:00';
// Options as stable objects: FullCalendar rebuilds its views (and goes back to today) when `views` or a
// toolbar changes identity, which a new object literal on every render would do.
const WIDE_TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
const PHONE_TOOLBAR = { start: 'prev,next', center: 'title', end: 'today' };
const PHONE_FOOTER = { center: 'timeGridDay,listWeek,dayGridMonth' };
// Every time the calendar writes (event times, the list's time column, the hours down the side) comes from
// lib/dates.ts, 24-hour HH:mm: FullCalendar's own Intl options wrote the list's ranges as "4:02 - 4:32"
// (the range format drops the 2-digit hour). It hands the formatter instants; the calendar runs in the
// browser's zone, as formatTime does.
const TIME_FORMAT = (arg: { start: { instantMs: number }; end?: { instantMs: number } | null }) =>
  arg.end ? formatTimeRange(new Date(arg.start.instantMs), new Date(arg.end.instantMs)) : formatTime(new Date(arg.start.instantMs));
// A week's title names its days ("23 – 29 nov 2026"): FullCalendar 7's default printed only the month,
// so the week view read like the month view.
const WEEK_TITLE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const VIEWS = { timeGridWeek: { titleFormat: WEEK_TITLE }, listWeek: { titleFormat: WEEK_TITLE } };

export function CalendarView(props: CalendarViewProps) {
  const { t, i18n } = useTranslation('appointments');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const shown = useMemo(() => props.appointments.filter(isShownInCalendar), [props.appointments]);
  const events = useMemo(() => shown.map(toEvent), [shown]);
  const byId = useMemo(() => new Map(props.appointments.map((a) => [a.id, a])), [props.appointments]);
  // FullCalendar's own Spanish has gaps ("Timed" in English, "Vista del semana"): every text it shows
  // comes from our locale files instead.
  // Rebuilt only when the language changes: a new locale object makes FullCalendar start over at today,
  // so it must not follow `t`, whose identity changes whenever another namespace loads.
  const language = i18n.language;
  const locale = useMemo(() => {
    const t = i18n.getFixedT(language, 'appointments');
    return {
      ...(language.startsWith('en') ? { code: 'en' } : esLocale),
      todayText: t('fc.today'),
      monthText: t('fc.month'),
      weekTextLong: t('fc.week'),
      weekTextShort: t('fc.weekShort'),
      dayText: t('fc.day'),
      listText: t('fc.list'),
      allDayText: t('fc.allDay'),
      timedText: t('fc.timed'),
      moreLinkText: t('fc.more'),
      noEventsText: t('fc.noEvents'),
      closeHint: t('fc.close'),
      eventsHint: t('fc.events'),
      viewChangeHint: t('fc.viewChange'),
      prevHint: t('fc.prevHint'),
      nextHint: t('fc.nextHint'),
      navLinkHint: t('fc.navLinkHint'),
      viewHint: (unitText: string) => t('fc.viewHint', { unit: unitText.toLocaleLowerCase(language) }),
      todayHint: (_unitText: string, unit: string) => t(unit === 'day' ? 'fc.todayDay' : unit === 'week' ? 'fc.todayWeek' : 'fc.todayMonth'),
      moreLinkHint: (count: number) => t('fc.moreHint', { count }),
    };
  }, [i18n, language]);
  return (
    <div data-testid="calendar" className="almendra-calendar" style={READABLE_FAINT_TEXT}>
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={locale}
        firstDay={1}
        initialView={phone ? 'timeGridDay' : (props.initialView ?? 'timeGridWeek')}
        initialDate={props.initialDate}
        headerToolbar={phone ? PHONE_TOOLBAR : WIDE_TOOLBAR}
        views={VIEWS}
        footerToolbar={phone ? PHONE_FOOTER : undefined}
        slotMinTime={props.slotMinTime}
        slotMaxTime={props.slotMaxTime}
        slotDuration={ROW_DURATION}
        snapDuration={SNAP_DURATION}
        slotHeaderInterval="01:00"
        slotHeaderFormat={TIME_FORMAT}
        eventTimeFormat={TIME_FORMAT}
        // Every view draws an appointment as a filled block in its colour, so its text colour (chosen for
        // that background) is readable; the month's dot + text on the white cell was white on white.
        eventDisplay="block"
        allDaySlot={false}
        nowIndicator
        selectable
        selectMirror
        editable
        height="auto"
        events={events}
        datesSet={(info) => props.onRangeChange({ from: info.start.toISOString(), to: info.end.toISOString() })}
        select={(info) => props.onSelect(info.start, info.end)}
        eventClick={(info) => {
          const appointment = byId.get(info.event.id);
          if (appointment) props.onOpen(appointment);
        }}
        eventDrop={(info) => {
          const appointment = byId.get(info.event.id);
          if (appointment && info.event.start) props.onMove(appointment, { start: info.event.start.toISOString() }, info.revert);
        }}
        eventResize={(info) => {
          const appointment = byId.get(info.event.id);
          if (appointment && info.event.end) props.onMove(appointment, { end: info.event.end.toISOString() }, info.revert);
        }}
        eventClass={(arg) => {
          const appointment = byId.get(arg.event.id);
          const kind = appointment && eventKind(appointment);
          return kind === 'pending' ? 'almendra-event-pending' : kind === 'cancelledByPatient' ? 'almendra-event-pending almendra-event-cancelled' : undefined;
        }}
        eventContent={(arg) => {
          const appointment = byId.get(arg.event.id);
          if (!appointment) return <b>{arg.timeText}</b>;
          const kind = eventKind(appointment);
          const KindIcon = KIND_ICON[kind];
          const attendance = attendanceMark(appointment);
          const AttendanceIcon = attendance ? ATTENDANCE_ICON[attendance] : null;
          const list = arg.view.type.startsWith('list');
          const stateLabel = t(`calendar.legend.${kind}`);
          const attendanceLabel = attendance ? t(`calendar.legend.attendance.${attendance}`) : null;
          // Filled in the event's colour with the server's text colour, except in the list (theme text on
          // the theme's rows, the colour in the dot), for a request to confirm (outlined, dashed) and for
          // one the patient cancelled (outlined, dotted): those two in the theme's text.
          const look: CSSProperties = list
            ? { color: 'inherit' }
            : kind === 'pending' || kind === 'cancelledByPatient'
              ? {
                  color: 'var(--mantine-color-text)',
                  background: 'var(--mantine-color-body)',
                  border: `2px ${kind === 'pending' ? 'dashed' : 'dotted'} ${appointment.color}`,
                }
              : { color: appointment.textColor, background: appointment.color };
          return (
            <div
              data-testid="calendar-event"
              data-status={appointment.status}
              data-kind={kind}
              data-confirmation={appointment.confirmation}
              data-attendance={attendance ?? undefined}
              className={list ? 'almendra-event almendra-event-list' : 'almendra-event'}
              title={[arg.timeText, appointment.title, appointment.locationName, stateLabel, attendanceLabel].filter(Boolean).join(' · ')}
              style={look}
            >
              <span className="almendra-event-head">
                <KindIcon size={13} stroke={2.2} aria-hidden className="almendra-event-icon" />
                {AttendanceIcon && <AttendanceIcon size={13} stroke={2.2} aria-hidden className="almendra-event-icon" data-testid="attendance-icon" />}
                <b className="almendra-event-name">{appointment.title}</b>
                {props.unpaidIds?.has(appointment.id) && <UnpaidMark />}
                <span className="almendra-event-time">{arg.timeText}</span>
              </span>
              <span className="almendra-event-detail">
                {appointment.locationName}
                {kind === 'free' ? '' : ` · ${stateLabel}`}
                {attendanceLabel ? ` · ${attendanceLabel}` : ''}
              </span>
            </div>
          );
        }}
      />
      <CalendarLegend />
    </div>
  );
}

/** Icons and the dashed outline explained in words, under the calendar. */
function CalendarLegend() {
  const { t } = useTranslation('appointments');
  return (
    <Group component="ul" aria-label={t('calendar.legend.title')} data-testid="calendar-legend" gap="md" mt="xs" p={0} className="almendra-calendar-legend">
      {LEGEND_KINDS.map((kind) => {
        const KindIcon = KIND_ICON[kind];
        return (
          <Group component="li" key={kind} gap={6} wrap="nowrap" data-kind={kind}>
            <span
              className={
                kind === 'pending'
                  ? 'almendra-legend-swatch almendra-legend-swatch-pending'
                  : kind === 'cancelledByPatient'
                    ? 'almendra-legend-swatch almendra-legend-swatch-cancelled'
                    : 'almendra-legend-swatch'
              }
            >
              <KindIcon size={14} stroke={2.2} aria-hidden />
            </span>
            <Text size="sm">
              {t(`calendar.legend.${kind}`)}
              {(kind === 'pending' || kind === 'cancelledByPatient') && (
                <Text span size="sm" c="dimmed">
                  {` (${t(kind === 'pending' ? 'calendar.legend.pendingHint' : 'calendar.legend.cancelledHint')})`}
                </Text>
              )}
            </Text>
          </Group>
        );
      })}
      {LEGEND_ATTENDANCE.map((mark) => {
        const MarkIcon = ATTENDANCE_ICON[mark];
        return (
          <Group component="li" key={mark} gap={6} wrap="nowrap" data-attendance={mark}>
            <span className="almendra-legend-swatch">
              <MarkIcon size={14} stroke={2.2} aria-hidden />
            </span>
            <Text size="sm">{t(`calendar.legend.attendance.${mark}`)}</Text>
          </Group>
        );
      })}
    </Group>
  );
}
