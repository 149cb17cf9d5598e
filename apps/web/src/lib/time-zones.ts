// Options of the practice time-zone selector: every IANA zone this browser knows, labelled with its
// current UTC offset. The server validates the name again; this list only saves typing.
import { DEFAULT_TIME_ZONE } from '@almendra/domain';

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** 'UTC−03:00' style offset of a zone at `at` (daylight saving makes it depend on the date). */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    // 'GMT-03:00' → 'UTC-03:00'; plain 'GMT' is UTC itself.
    if (!part || part === 'GMT') return 'UTC+00:00';
    return part.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

function supportedZones(): string[] {
  // supportedValuesOf exists in every browser Almendra targets; the fallback keeps old engines usable.
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}

/**
 * Sorted options, always including the default zone and `current` (browsers list canonical names, e.g.
 * 'America/Buenos_Aires', while accounts may hold an alias such as 'America/Argentina/Buenos_Aires').
 */
export function timeZoneOptions(current: string | null | undefined, at: Date = new Date()): TimeZoneOption[] {
  const names = new Set(supportedZones());
  names.add(DEFAULT_TIME_ZONE);
  names.add('UTC');
  if (current) names.add(current);
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((value) => {
      const offset = utcOffsetLabel(value, at);
      return { value, label: offset ? `${value.replaceAll('_', ' ')} (${offset})` : value };
    });
}
