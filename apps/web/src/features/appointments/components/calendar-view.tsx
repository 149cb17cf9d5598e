// FullCalendar (v7) in Spanish: Monday first, day/week/month (day/list on phones), half-hour rows so a
// working day fits a laptop screen while dragging and selecting still snap to 5 minutes, events in
// their place's (or own) colour with the server's text colour, drawn as filled blocks in every view.
// Selecting time asks to create; dragging or resizing goes through onMove (confirm/undo upstream).
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
import { useMediaQuery } from '@mantine/hooks';
import type { Appointment } from '@almendra/contracts';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

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
}

/** Appointment → FullCalendar event: colour and text colour exactly as the server answered. */
export function toEvent(appointment: Appointment) {
  return {
    id: appointment.id,
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
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export function CalendarView(props: CalendarViewProps) {
  const { t, i18n } = useTranslation('appointments');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const events = useMemo(() => props.appointments.map(toEvent), [props.appointments]);
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
        eventContent={(arg) => {
          const appointment = byId.get(arg.event.id);
          return (
            <div
              data-testid="calendar-event"
              data-status={appointment?.status}
              title={[arg.timeText, arg.event.title, appointment?.locationName].filter(Boolean).join(' · ')}
              // Clipped to its block: a short appointment in a narrow column must not spill its (often
              // white) text over the cells below, where it cannot be read.
              style={{ color: appointment?.textColor, overflow: 'hidden', height: '100%', lineHeight: 1.25 }}
            >
              <b>{arg.timeText}</b> {arg.event.title}
              {appointment && (
                <span>
                  {' · '}
                  {appointment.locationName}
                  {appointment.status === 'completed' || appointment.status === 'pending' ? ` · ${t(`status.${appointment.status}`)}` : ''}
                </span>
              )}
            </div>
          );
        }}
      />
    </div>
  );
}
