// The password-reset message, in the account's language (es-AR speaks voseo, like the interface).
import type { Locale } from '@almendra/contracts';
import type { EmailMessage } from '../../lib/mailer.js';

export function passwordResetEmail(to: string, locale: Locale, link: string, ttlSeconds: number): EmailMessage {
  const minutes = Math.round(ttlSeconds / 60);
  if (locale === 'en') {
    return {
      to,
      subject: 'Almendra: reset your password',
      text: `Someone asked to reset the password of your Almendra account.\n\nOpen this link to choose a new password (valid for ${minutes} minutes, usable once):\n${link}\n\nIf it was not you, ignore this message: your password stays the same.`,
    };
  }
  if (locale === 'es-AR') {
    return {
      to,
      subject: 'Almendra: restablecé tu contraseña',
      text: `Recibimos un pedido para restablecer la contraseña de tu cuenta de Almendra.\n\nAbrí este enlace para elegir una contraseña nueva (vale por ${minutes} minutos y se usa una sola vez):\n${link}\n\nSi no fuiste vos, ignorá este mensaje: tu contraseña no cambia.`,
    };
  }
  return {
    to,
    subject: 'Almendra: restablece tu contraseña',
    text: `Recibimos un pedido para restablecer la contraseña de tu cuenta de Almendra.\n\nAbre este enlace para elegir una contraseña nueva (vale por ${minutes} minutos y se usa una sola vez):\n${link}\n\nSi no fuiste tú, ignora este mensaje: tu contraseña no cambia.`,
  };
}
