// FullCalendar (v7) in Spanish: Monday first, day/week/month, 5-minute slots between the calendar
// hours, events in their place's (or own) colour with the server's text colour. Selecting time asks
// to create; dragging or resizing PATCHes and reverts when the server refuses.
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import esLocale from '@fullcalendar/react/locales/es';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
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
  initialView?: 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';
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

export function CalendarView(props: CalendarViewProps) {
  const { t, i18n } = useTranslation('appointments');
  const events = useMemo(() => props.appointments.map(toEvent), [props.appointments]);
  const byId = useMemo(() => new Map(props.appointments.map((a) => [a.id, a])), [props.appointments]);
  return (
    <div data-testid="calendar" style={READABLE_FAINT_TEXT}>
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={i18n.language === 'en' ? 'en' : esLocale}
        firstDay={1}
        initialView={props.initialView ?? 'timeGridWeek'}
        initialDate={props.initialDate}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        slotMinTime={props.slotMinTime}
        slotMaxTime={props.slotMaxTime}
        slotDuration="00:05:00"
        snapDuration="00:05:00"
        slotHeaderInterval="01:00"
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        allDaySlot={false}
        nowIndicator
        selectable
        selectMirror
        editable
        height="auto"
        slotMinHeight={9}
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
            <div data-testid="calendar-event" data-status={appointment?.status} style={{ color: appointment?.textColor }}>
              <b>{arg.timeText}</b> {arg.event.title}
              {appointment && (
                <span>
                  {' · '}
                  {appointment.locationName}
                  {appointment.status === 'completed' ? ` · ${t('status.completed')}` : ''}
                </span>
              )}
            </div>
          );
        }}
      />
    </div>
  );
}
