// A minimal, careful iCalendar (RFC 5545) writer: CRLF line ends, content lines folded at 75 octets
// without splitting a UTF-8 character, TEXT values escaped, instants in UTC ('…Z'), so no VTIMEZONE is
// needed and every client shows the events in its own zone.

export interface IcsEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** Last change of the event (LAST-MODIFIED) and its creation (CREATED). */
  updatedAt: string;
  createdAt: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  geo?: { latitude: number; longitude: number } | null;
}

export interface IcsCalendar {
  name: string;
  /** DTSTAMP of every event: when this copy of the calendar was produced. */
  generatedAt: string;
  events: IcsEvent[];
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** '2026-03-10T12:30:00.000Z' → '20260310T123000Z'. */
export function formatUtc(instant: string): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Folds one content line (RFC 5545 §3.1): at most 75 octets per physical line, continuation lines start
 * with a single space (which counts towards their 75). Never splits a multi-byte UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > limit) {
      pieces.push(current);
      current = '';
      currentBytes = 0;
      limit = 74; // the leading space takes one octet
    }
    current += char;
    currentBytes += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function buildIcs(calendar: IcsCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Almendra//Turnos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = formatUtc(calendar.generatedAt);
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`, `CREATED:${formatUtc(event.createdAt)}`, `LAST-MODIFIED:${formatUtc(event.updatedAt)}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
