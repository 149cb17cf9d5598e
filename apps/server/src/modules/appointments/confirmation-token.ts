// The patient's personal link to confirm or cancel one appointment: /turno/{appointmentId}.{signed}, where
// `signed` is a lib/signed-token.ts capability (expiry = the appointment's start, the practice, an HMAC
// with a key derived from the server's secret for this purpose only). The HMAC covers the appointment's id
// AND its start, so the link stops working when the appointment starts, when it is moved to another time
// (the patient would be confirming a time she was never told about), and for any other appointment.
import { SignedTokens } from '../../lib/signed-token.js';

const ID_PATTERN = /^[0-9A-Za-z-]{1,64}$/;

export class ConfirmationTokens {
  private readonly tokens: SignedTokens;

  constructor(serverSecret: string) {
    this.tokens = new SignedTokens(serverSecret, 'appointment-confirmation/v1');
  }

  /** The token of an appointment as it stands (its id, practice and start); it expires at the start. */
  issue(appointment: { id: string; nutritionist_id: string; start_at: string }): { token: string; expiresAt: string } {
    const expiresAt = Math.floor(Date.parse(appointment.start_at) / 1000);
    const signed = this.tokens.issue(`${appointment.id}|${appointment.start_at}`, appointment.nutritionist_id, expiresAt);
    return { token: `${appointment.id}.${signed}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The appointment id a token names (not yet verified), or null when it is not shaped like one. */
  appointmentIdOf(token: string): string | null {
    const id = token.slice(0, token.indexOf('.'));
    return token.includes('.') && ID_PATTERN.test(id) ? id : null;
  }

  /** True when the token was issued by this server for this appointment, practice and start, and has not expired. */
  verify(token: string, appointment: { id: string; nutritionist_id: string; start_at: string }, now: Date): boolean {
    if (this.appointmentIdOf(token) !== appointment.id) return false;
    const signed = token.slice(appointment.id.length + 1);
    return this.tokens.verify(signed, `${appointment.id}|${appointment.start_at}`, now) === appointment.nutritionist_id;
  }
}
