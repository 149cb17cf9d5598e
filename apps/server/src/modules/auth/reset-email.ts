// The password-reset message, in the account's language.
import type { EmailMessage } from '../../lib/mailer.js';

export function passwordResetEmail(to: string, locale: 'es' | 'en', link: string, ttlSeconds: number): EmailMessage {
  const minutes = Math.round(ttlSeconds / 60);
  if (locale === 'en') {
    return {
      to,
      subject: 'Almendra: reset your password',
      text: `Someone asked to reset the password of your Almendra account.\n\nOpen this link to choose a new password (valid for ${minutes} minutes, usable once):\n${link}\n\nIf it was not you, ignore this message: your password stays the same.`,
    };
  }
  return {
    to,
    subject: 'Almendra: restablece tu contraseña',
    text: `Recibimos un pedido para restablecer la contraseña de tu cuenta de Almendra.\n\nAbre este enlace para elegir una contraseña nueva (vale por ${minutes} minutos y se usa una sola vez):\n${link}\n\nSi no fuiste tú, ignora este mensaje: tu contraseña no cambia.`,
  };
}
