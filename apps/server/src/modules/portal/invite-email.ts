// The invitation to the patient portal, in the practice's Spanish (es-AR speaks voseo) or English.
import type { Locale } from '@almendra/contracts';
import type { EmailMessage } from '../../lib/mailer.js';

export function portalInviteEmail(input: {
  to: string;
  locale: Locale;
  patientFirstName: string;
  nutritionistName: string;
  link: string;
  code: string;
  days: number;
}): EmailMessage {
  const { to, locale, patientFirstName, nutritionistName, link, code, days } = input;
  if (locale === 'en') {
    return {
      to,
      subject: `${nutritionistName} invites you to your patient portal`,
      text: `Hi ${patientFirstName},\n\n${nutritionistName} invites you to Almendra, where you can read your meal plan, chat with your nutritionist, join video consultations and keep your daily log.\n\nOpen this link to choose your password (valid for ${days} days, usable once):\n${link}\n\nOr type this code on the sign-up screen: ${code}`,
    };
  }
  const voseo = locale === 'es-AR';
  return {
    to,
    subject: `${nutritionistName} te invita a tu portal de paciente`,
    text: `Hola, ${patientFirstName}:\n\n${nutritionistName} te invita a Almendra, donde ${voseo ? 'podés' : 'puedes'} leer tu plan de alimentación, chatear con tu nutricionista, tener videoconsultas y llevar tu registro diario.\n\n${voseo ? 'Abrí' : 'Abre'} este enlace para elegir tu contraseña (vale por ${days} días y se usa una sola vez):\n${link}\n\nO ${voseo ? 'escribí' : 'escribe'} este código en la pantalla de ingreso: ${code}`,
  };
}
