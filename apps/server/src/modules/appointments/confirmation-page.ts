// The HTML of /turno/{token}: one small page with an inline stylesheet, no script and no request to another
// origin (the map is a link), so it opens fast on any phone and works with JavaScript off. Written in the
// practice's Spanish the way the other public pages are (practice-voice.ts): every text once, in neutral
// Spanish (tú), rewritten to voseo by the shared dictionary for an Argentine practice — the error messages
// the form gets back too. Light and dark follow the phone.
import { CONFIRMATION_REASON_MAX } from '@almendra/contracts';
import { voiced } from '../public-profile/practice-voice.js';
import type { ConfirmationPageData } from './appointment-confirmation.service.js';

const escapeHtml = (value: string | null | undefined): string =>
  (value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const e = escapeHtml;

// Contrast (WCAG 2.x): every text/background pair below is ≥ 4.5:1 in both schemes.
const CSS = `
:root{color-scheme:light dark;--bg:#f7f8f6;--card:#fff;--fg:#1d2320;--muted:#4a544f;--line:#d9ded9;--accent:#1f7a5a;--accent-fg:#fff;--danger:#a3231a;--danger-fg:#fff;--err-bg:#fdecea;--ok-bg:#e6f4ee;--warn-bg:#fff4d6;--warn:#6b4a00}
@media (prefers-color-scheme:dark){:root{--bg:#121614;--card:#1c211e;--fg:#e8ece9;--muted:#b4bdb7;--line:#36403a;--accent:#5fc49b;--accent-fg:#0d1411;--danger:#ffb4ab;--danger-fg:#2b0a07;--err-bg:#3b1714;--ok-bg:#16302a;--warn-bg:#3a2e0a;--warn:#ffd98a}}
*{box-sizing:border-box}body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);overflow-wrap:anywhere}
main{max-width:560px;margin:0 auto;padding:16px}h1{font-size:1.45rem;line-height:1.25;margin:0 0 4px}h2{font-size:1.1rem;margin:0 0 8px}
.lead{color:var(--muted);margin:0 0 12px}section{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:16px;margin:0 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 12px;margin:0}dt{font-weight:600;color:var(--muted)}dd{margin:0}
a{color:var(--accent)}.btn{display:block;width:100%;font:inherit;font-weight:700;border-radius:10px;padding:14px;min-height:52px;border:2px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer;text-align:center}
.btn.no{background:transparent;color:var(--danger);border-color:var(--danger)}.btn:focus-visible,a:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form{margin:0 0 12px}label{display:block;font-weight:600;margin:8px 0 4px}textarea{width:100%;min-height:80px;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:8px;padding:10px}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:500;margin:12px 0;min-height:44px}.check input{width:22px;height:22px;margin:2px 0 0;flex:none}
details{margin-top:4px}summary{cursor:pointer;font-weight:700;color:var(--danger);border:2px solid var(--danger);border-radius:10px;padding:13px;min-height:52px;text-align:center;list-style:none}summary::-webkit-details-marker{display:none}
details[open] summary{margin-bottom:8px}.alert{border-radius:10px;padding:12px 14px;margin:0 0 16px}.alert p{margin:4px 0 0}.ok{background:var(--ok-bg)}.bad{background:var(--err-bg);color:var(--danger)}.warn{background:var(--warn-bg);color:var(--warn)}
.note{color:var(--muted);font-size:.95rem}footer{color:var(--muted);text-align:center;padding:8px 16px 24px;font-size:.9rem}
`.replace(/\n/g, '');

function layout(title: string, body: string, lang: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${e(title)}</title><style>${CSS}</style></head>
<body>${body}<footer>Turnos con Almendra</footer></body></html>`;
}

/** A link that opens nothing (expired, forged, moved, deleted): a 404 page in neutral Spanish. */
export function confirmationGonePage(message: string): string {
  return layout('Enlace no válido', `<main><section><h1>Este enlace ya no es válido</h1><p>${e(message)}</p></section></main>`, 'es');
}

export function confirmationPage(data: ConfirmationPageData, state: { error: string | null; answered: boolean }): string {
  const say = voiced(data.voice);
  const action = `/turno/${encodeURIComponent(data.token)}`;
  const place = [data.locationName, data.locationDetail].filter(Boolean).join(' · ');
  const rows: Array<[string, string]> = [
    ['Día', `${data.weekday} ${data.date}`],
    ['Hora', `${data.time} a ${data.endTime}`],
    ['Lugar', place],
  ];
  if (data.address) rows.push(['Dirección', data.address]);
  if (data.serviceName) rows.push(['Servicio', data.serviceName]);
  const details = `<dl>${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd>${e(value)}</dd>`).join('')}</dl>${
    data.mapUrl ? `<p><a href="${e(data.mapUrl)}" rel="noopener noreferrer">Ver en el mapa</a></p>` : ''
  }`;
  const name = e(data.nutritionistName);
  const focus = state.answered ? ' tabindex="-1" autofocus' : '';

  let status = '';
  if (data.state === 'cancelled_by_practice') {
    status = `<div class="alert warn" role="status"><strong>Este turno fue cancelado por el consultorio.</strong><p>${e(
      say('Comunícate con tu nutricionista para coordinar otro.'),
    )}</p></div>`;
  } else if (data.confirmation === 'confirmed') {
    status = `<div class="alert ok" role="status"${focus}><strong>¡Listo! Confirmaste tu turno.</strong><p>${name} ${e(
      say('ya lo sabe. Si algo cambia, vuelve a esta página.'),
    )}</p></div>`;
  } else if (data.confirmation === 'cancelled_by_patient') {
    status = `<div class="alert bad" role="status"${focus}><strong>${e(say('Avisaste que no puedes ir.'))}</strong><p>${name} ${e(
      say('ya lo sabe y el horario quedó libre. Si al final puedes ir, confírmalo abajo mientras el horario siga libre.'),
    )}</p>${data.cancelReason ? `<p>Motivo: ${e(data.cancelReason)}</p>` : ''}</div>`;
  }
  const error = state.error ? `<div class="alert bad" role="alert" tabindex="-1" autofocus>${e(say(state.error))}</div>` : '';

  const confirmForm = `<form method="post" action="${action}"><input type="hidden" name="respuesta" value="confirm"><button class="btn" type="submit">Confirmo</button></form>`;
  const cancelForm = `<details><summary>No puedo ir</summary><form method="post" action="${action}">
<input type="hidden" name="respuesta" value="cancel"><label for="motivo">Motivo (opcional)</label><textarea id="motivo" name="motivo" maxlength="${CONFIRMATION_REASON_MAX}"></textarea>
<label class="check"><input type="checkbox" name="otro_horario" value="si"> Quiero otro horario: que mi nutricionista me proponga uno</label>
<button class="btn no" type="submit">Confirmar que no puedo ir</button>
<p class="note">El horario va a quedar libre para otra persona.</p></form></details>`;

  let actions = '';
  if (data.state === 'open') {
    if (data.confirmation === 'pending') actions = `<section><h2>${e(say('¿Vienes?'))}</h2>${confirmForm}${cancelForm}</section>`;
    else if (data.confirmation === 'confirmed') actions = `<section><h2>¿Cambió algo?</h2>${cancelForm}</section>`;
    else actions = `<section><h2>${e(say('¿Al final puedes ir?'))}</h2>${confirmForm}</section>`;
  }

  const body = `<main><h1>Hola, ${e(data.patientFirstName)}: tu turno con ${name}</h1>
<p class="lead">${e(say('Confirma si vas a venir. No necesitas cuenta ni contraseña.'))}</p>
${error}${status}<section aria-label="Datos del turno">${details}</section>${actions}</main>`;
  return layout(`Tu turno del ${data.date} a las ${data.time}`, body, data.voice);
}
