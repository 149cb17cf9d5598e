import { describe, expect, it } from 'vitest';
import { appointmentChangedEmail, appointmentReminderEmail } from './reminder-email.js';

const details = {
  to: 'ana@correo.test',
  patientFirstName: 'Ana',
  nutritionistName: 'Valeria Gómez',
  locationName: 'Consultorio Palermo',
  address: 'Av. Santa Fe 3456',
  serviceName: 'Control',
  start: '2026-12-01T12:30:00.000Z',
  timeZone: 'America/Argentina/Buenos_Aires',
  // A link whose token happens to contain dictionary words: only the words around it are voiced.
  confirmationUrl: 'http://almendra.test/turno/x-puedes-necesitas',
};

describe('appointment emails speak the practice’s Spanish', () => {
  it('an Argentine practice writes in vos, the link untouched', () => {
    for (const email of [appointmentReminderEmail({ ...details, voice: 'es-AR' }), appointmentChangedEmail({ ...details, voice: 'es-AR' })]) {
      expect(email.text).toContain('Confirmá tu asistencia o avisale a tu nutricionista si no podés ir, en un toque (no necesitás cuenta):');
      expect(email.text).toContain('Si no podés asistir');
      expect(email.text.replace(details.confirmationUrl, '')).not.toMatch(/\b(puedes|necesitas|prefieres|avísale)\b/);
      expect(email.text.split('\n')).toContain('http://almendra.test/turno/x-puedes-necesitas');
    }
    expect(appointmentReminderEmail({ ...details, voice: 'es-AR' }).text).toContain('Si preferís no recibir estos recordatorios, pedíselo a tu nutricionista.');
  });

  it('any other practice writes in neutral Spanish (tú), also when no voice is given', () => {
    for (const email of [appointmentReminderEmail({ ...details, voice: 'es' }), appointmentChangedEmail(details)]) {
      expect(email.text).toContain('Confirma tu asistencia o avísale a tu nutricionista si no puedes ir, en un toque (no necesitas cuenta):');
      expect(email.text).not.toMatch(/\b(podés|necesitás|preferís)\b/);
    }
  });
});
