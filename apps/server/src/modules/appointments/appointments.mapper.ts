// Database rows → contract types (never return rows). Applies the two display rules of the spec: no
// patient reads 'Tiempo libre', and the text colour follows the brightness of the effective colour.
import { FREE_TIME_TITLE, type Appointment } from '@almendra/contracts';
import { textColourFor } from '@almendra/domain';
import type { AppointmentView } from './appointments.repository.js';

export function patientNameOf(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return [first, last].filter(Boolean).join(' ');
}

/** `suggestedAttendance`: computed by the service (a consultation that day), null when not asked. */
export function toAppointment(row: AppointmentView, suggestedAttendance: 'attended' | null = null): Appointment {
  const patientName = row.patient_id ? patientNameOf(row.patient_first_name, row.patient_last_name) : null;
  const color = row.color ?? row.location_color;
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName,
    title: patientName ?? FREE_TIME_TITLE,
    locationId: row.location_id,
    locationName: row.location_name,
    serviceId: row.service_id,
    serviceName: row.service_name,
    start: row.start_at,
    end: row.end_at,
    color,
    customColor: row.color !== null,
    textColor: textColourFor(color),
    notes: row.notes,
    status: row.status,
    consultationId: row.consultation_id,
    reminderSentAt: row.reminder_sent_at,
    confirmation: row.confirmation,
    confirmationAnsweredAt: row.confirmation_answered_at,
    patientCancelReason: row.patient_cancel_reason,
    attendance: row.attendance,
    suggestedAttendance: row.attendance === null ? suggestedAttendance : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
