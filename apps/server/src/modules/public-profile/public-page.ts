// The HTML of /p/{slug}: rendered on the server so it reads with JavaScript off and is indexable, with
// one inline stylesheet and no request to another origin (the map is a link, never an embed). Slot
// choice works with plain forms: a GET form picks place, service and date and the page answers with the
// free slots as radio buttons inside the POST form that sends the request.
import type { PublicLocation, PublicProfileView, Slot } from '@almendra/contracts';
import { PUBLIC_REQUEST_HONEYPOT_FIELD, PUBLIC_REQUEST_MESSAGE_MAX } from '@almendra/contracts';
import { localDateTimeLabels } from '../appointments/reminder-email.js';
// The page is written once in neutral Spanish (tú); an Argentine practice's page speaks voseo.
import { voiced } from './practice-voice.js';

const WEEKDAYS = ['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

export function escapeHtml(value: string | null | undefined): string {
  return (value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
const e = escapeHtml;

type Voice = PublicProfileView['voice'];

const CSS = `
:root{color-scheme:light dark;--bg:#f7f8f6;--card:#fff;--fg:#1d2320;--muted:#4a544f;--line:#d9ded9;--accent:#1f7a5a;--accent-fg:#fff;--err:#a3231a;--err-bg:#fdecea;--ok-bg:#e6f4ee}
@media (prefers-color-scheme:dark){:root{--bg:#121614;--card:#1c211e;--fg:#e8ece9;--muted:#b4bdb7;--line:#36403a;--accent:#5fc49b;--accent-fg:#0d1411;--err:#ffb4ab;--err-bg:#3b1714;--ok-bg:#16302a}}
*{box-sizing:border-box}body{overflow-wrap:anywhere;margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}.wrap{max-width:760px;margin:0 auto;padding:0 16px}
.hero{background:var(--card);border-bottom:1px solid var(--line)}.cover{display:block;width:100%;max-height:260px;object-fit:cover}
.hero .wrap{padding:20px 16px}h1{font-size:1.75rem;line-height:1.2;margin:0 0 6px}h2{font-size:1.25rem;margin:0 0 12px}h3{font-size:1.05rem;margin:0 0 4px}
.lead{color:var(--muted);margin:0 0 14px}.btn{display:inline-block;background:var(--accent);color:var(--accent-fg);border:0;border-radius:8px;padding:12px 18px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;min-height:44px}
.btn.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
section{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:18px;margin:16px 0}
ul.items{margin:0;padding-left:20px}ul.items li{margin:0 0 8px}.detail{color:var(--muted);display:block;font-size:.95rem}
.place{border-top:1px solid var(--line);padding-top:12px;margin-top:12px}.place:first-of-type{border-top:0;padding-top:0;margin-top:0}
table.hours{border-collapse:collapse;margin:8px 0}table.hours th{text-align:left;font-weight:500;padding:2px 12px 2px 0;color:var(--muted)}table.hours td{padding:2px 0}
label{display:block;font-weight:600;margin:12px 0 4px}input,select,textarea{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:8px;padding:10px;min-height:44px}
textarea{min-height:90px}input:focus,select:focus,textarea:focus,.btn:focus,a:focus{outline:3px solid var(--accent);outline-offset:2px}
.row{display:grid;gap:0 12px}@media (min-width:640px){.row{grid-template-columns:1fr 1fr 1fr}}
.days{display:flex;gap:8px;overflow-x:auto;padding:8px 0}.days a{flex:0 0 auto;border:1px solid var(--line);border-radius:8px;padding:8px 10px;text-decoration:none;text-align:center;min-width:64px}
.days a[aria-current]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}
fieldset{border:0;padding:0;margin:12px 0}legend{font-weight:600;margin-bottom:6px}.slots{display:grid;grid-template-columns:repeat(auto-fill,minmax(88px,1fr));gap:8px}
.slots label,.callback{display:flex;align-items:center;gap:6px;margin:0;font-weight:500;border:1px solid var(--line);border-radius:8px;padding:8px;min-height:44px}
.slots input,.callback input{width:auto;min-height:0}.callback{margin-top:8px}
.alert{border-radius:8px;padding:12px;margin:0 0 12px}.alert.error{background:var(--err-bg);color:var(--err)}.alert.ok{background:var(--ok-bg)}
.field-error{color:var(--err);font-size:.9rem;margin:4px 0 0}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.note{color:var(--muted);font-size:.95rem}dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:12px 0 0}dl.summary dt{font-weight:600}dl.summary dd{margin:0}footer{color:var(--muted);text-align:center;padding:24px 16px;font-size:.9rem}
`.replace(/\n/g, '');

export interface PageMeta {
  title: string;
  description: string;
  canonicalUrl: string;
  imageUrl: string | null;
  noindex?: boolean;
}

function layout(meta: PageMeta, body: string, voice: Voice = 'es'): string {
  return `<!doctype html><html lang="${voice}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(meta.title)}</title><meta name="description" content="${e(meta.description)}">
${meta.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${e(meta.canonicalUrl)}">`}
<meta property="og:type" content="profile"><meta property="og:locale" content="es_AR"><meta property="og:title" content="${e(meta.title)}">
<meta property="og:description" content="${e(meta.description)}"><meta property="og:url" content="${e(meta.canonicalUrl)}">
${meta.imageUrl ? `<meta property="og:image" content="${e(meta.imageUrl)}">` : ''}<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}">
<style>${CSS}</style></head><body>${body}<footer>Perfil profesional publicado con Almendra</footer></body></html>`;
}

export function notFoundPage(canonicalUrl: string): string {
  return layout(
    { title: 'Perfil no encontrado', description: 'Este perfil no existe o no está publicado.', canonicalUrl, imageUrl: null, noindex: true },
    `<main class="wrap"><section><h1>No encontramos este perfil</h1><p>La dirección no existe o el profesional todavía no publicó su perfil.</p></section></main>`,
  );
}

/** What the booking part of the page shows: the visitor's choices, free slots, errors and typed values. */
export interface BookingState {
  locationId: string | null;
  serviceId: string | null;
  date: string;
  today: string;
  slots: Slot[] | null;
  /** A message for the whole form (a 409, a 429…). */
  error: string | null;
  fieldErrors: Record<string, string>;
  values: { name?: string; phone?: string; email?: string; message?: string; start?: string };
}

export function describeProfile(profile: PublicProfileView): string {
  const parts = [profile.headline, profile.titles.map((t) => t.title).join(', ')].filter(Boolean);
  const text = parts.join(' · ') || voiced(profile.voice)(`Nutricionista. Pide tu turno online con ${profile.name}.`);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function list(title: string, items: PublicProfileView['titles']): string {
  if (items.length === 0) return '';
  const lis = items.map((i) => `<li>${e(i.title)}${i.detail ? `<span class="detail">${e(i.detail)}</span>` : ''}</li>`).join('');
  return `<section><h2>${e(title)}</h2><ul class="items">${lis}</ul></section>`;
}

// Intl formatters cost far more to build than to use: one of each per process (and per currency).
const moneyFormats = new Map<string, Intl.NumberFormat>();
export function money(cents: number, currency: string): string {
  if (cents <= 0) return '';
  const key = `${currency}:${cents % 100 === 0 ? 0 : 2}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('es-AR', { style: 'currency', currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

function place(l: PublicLocation): string {
  const hours = l.hours.length
    ? `<table class="hours"><caption class="hp">Horarios de ${e(l.name)}</caption>${l.hours
        .map((d) => `<tr><th scope="row">${WEEKDAYS[d.weekday]}</th><td>${d.ranges.map((r) => `${e(r.start)}–${e(r.end)}`).join(', ')}</td></tr>`)
        .join('')}</table>`
    : '';
  const map =
    l.latitude !== null && l.longitude !== null
      ? `<a href="https://www.openstreetmap.org/?mlat=${l.latitude}&amp;mlon=${l.longitude}#map=17/${l.latitude}/${l.longitude}" rel="noopener">Ver en el mapa</a>`
      : l.address
        ? `<a href="https://www.openstreetmap.org/search?query=${encodeURIComponent(l.address)}" rel="noopener">Buscar en el mapa</a>`
        : '';
  const services = l.services.length
    ? `<p class="note">Servicios: ${l.services.map((s) => `${e(s.name)} (${s.durationMinutes} min${money(s.priceCents, s.currency) ? `, ${e(money(s.priceCents, s.currency))}` : ''})`).join(' · ')}</p>`
    : '';
  return `<div class="place"><h3>${e(l.name)}</h3>${l.detail ? `<p class="note">${e(l.detail)}</p>` : ''}${l.address ? `<p>${e(l.address)}</p>` : ''}${
    l.phone ? `<p>Tel.: ${e(l.phone)}</p>` : ''
  }${hours}${services}${map}</div>`;
}

/** 'YYYY-MM-DD' + n days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const weekdayFormat = new Intl.DateTimeFormat('es-AR', { weekday: 'short', timeZone: 'UTC' });
function dayLabel(date: string): { weekday: string; day: string } {
  const d = new Date(`${date}T12:00:00Z`);
  return { weekday: weekdayFormat.format(d), day: `${date.slice(8, 10)}-${date.slice(5, 7)}` };
}

function fieldError(state: BookingState, field: string): string {
  const message = state.fieldErrors[field];
  return message ? `<p class="field-error" id="${field}-error">${e(message)}</p>` : '';
}

/** The fields of the request form in page order: a failed submit lands on the first one with an error. */
const FIELD_ORDER = ['locationId', 'serviceId', 'start', 'name', 'phone', 'email', 'message'] as const;

/**
 * aria-describedby/aria-invalid of a field with an error, and autofocus on the first such field: the page
 * answering a failed submit opens there (the browser focuses it and scrolls it into view), not at the top
 * while the errors sit a screen or more below — the same rule as every form of the app, without JavaScript.
 */
function invalid(state: BookingState, field: string): string {
  if (!state.fieldErrors[field]) return '';
  const first = FIELD_ORDER.find((f) => state.fieldErrors[f]) ?? null;
  return ` aria-describedby="${field}-error" aria-invalid="true"${first === field ? ' autofocus' : ''}`;
}
const hasFieldError = (state: BookingState) => FIELD_ORDER.some((f) => state.fieldErrors[f]);

function bookingSection(profile: PublicProfileView, state: BookingState): string {
  const say = voiced(profile.voice);
  const base = `/p/${encodeURIComponent(profile.slug)}`;
  const locations = profile.locations;
  const chosen = locations.find((l) => l.id === state.locationId) ?? null;
  const locationOptions = locations
    .map((l) => `<option value="${e(l.id)}"${l.id === state.locationId ? ' selected' : ''}>${e(l.name)}</option>`)
    .join('');
  // Only her services, never a made-up default: with a place chosen, that place's; before, every place's.
  const serviceSource = (chosen ? [chosen] : locations).filter((l) => l.services.length > 0);
  const serviceLabel = (s: PublicLocation['services'][number]) => {
    const price = money(s.priceCents, s.currency);
    return `${e(s.name)} (${s.durationMinutes} min${price ? `, ${e(price)}` : ''})`;
  };
  const serviceOptions = serviceSource
    .map((l) => {
      const options = l.services.map((s) => `<option value="${e(s.id)}"${s.id === state.serviceId ? ' selected' : ''}>${serviceLabel(s)}</option>`).join('');
      return serviceSource.length > 1 ? `<optgroup label="${e(l.name)}">${options}</optgroup>` : options;
    })
    .join('');
  const serviceField = serviceSource.length
    ? `<div><label for="servicio">Servicio</label><select id="servicio" name="servicio"${invalid(state, 'serviceId')}>${serviceOptions}</select>${fieldError(state, 'serviceId')}</div>`
    : '';

  const pick = locations.length
    ? `<form method="get" action="${base}#turno" class="pick"><div class="row">
<div><label for="lugar">Lugar de atención</label><select id="lugar" name="lugar"${invalid(state, 'locationId')}>${locations.length > 1 ? `<option value="">${e(say('Elige un lugar'))}</option>` : ''}${locationOptions}</select>${fieldError(state, 'locationId')}</div>
${serviceField}
<div><label for="fecha">Fecha</label><input id="fecha" name="fecha" type="date" min="${e(state.today)}" value="${e(state.date)}"></div>
</div><p><button class="btn secondary" type="submit">Ver horarios libres</button></p></form>`
    : `<p class="note">${e(say('Este profesional todavía no publicó lugares de atención: deja tus datos y te llamará.'))}</p>`;

  let slotsHtml = '';
  if (chosen && state.slots) {
    const query = (date: string) =>
      `${base}?lugar=${encodeURIComponent(chosen.id)}${state.serviceId ? `&amp;servicio=${encodeURIComponent(state.serviceId)}` : ''}&amp;fecha=${date}#turno`;
    const days = Array.from({ length: 7 }, (_, i) => addDays(state.date < state.today ? state.today : addDays(state.date, -Math.min(3, dayDiff(state.today, state.date))), i))
      .map((date) => {
        const label = dayLabel(date);
        return `<a href="${query(date)}"${date === state.date ? ' aria-current="date"' : ''}><span>${e(label.weekday)}</span><br><strong>${e(label.day)}</strong></a>`;
      })
      .join('');
    const firstRadio = invalid(state, 'start').includes('autofocus') ? ' autofocus' : '';
    const radios = state.slots
      .map(
        (s, i) =>
          `<label><input type="radio" name="inicio" value="${e(s.start)}"${state.values.start === s.start ? ' checked' : ''}${i === 0 ? firstRadio : ''} required> ${e(s.time)}</label>`,
      )
      .join('');
    slotsHtml = `<nav class="days" aria-label="Otros días">${days}</nav><fieldset${state.fieldErrors.start ? ' aria-describedby="start-error"' : ''}><legend>Horarios libres del ${e(dayLabel(state.date).day)}</legend>${
      state.slots.length ? `<div class="slots">${radios}</div>` : `<p class="note">${e(say('No quedan horarios libres ese día. Prueba otro día o pide que te llamen.'))}</p>`
    }<label class="callback"><input type="radio" name="inicio" value=""${state.slots.length === 0 || state.values.start === '' ? ' checked' : ''}${state.slots.length === 0 ? firstRadio : ''} required> Prefiero que me llamen para coordinar</label>${fieldError(state, 'start')}</fieldset>`;
  } else {
    slotsHtml = `<p class="note">${locations.length ? e(say('Elige un lugar y una fecha para ver los horarios libres, o envía tus datos y te llamarán para coordinar.')) : ''}</p>`;
  }

  const v = state.values;
  // A message for the whole form with no field to point at (too many requests…) takes the focus itself.
  const errorBox = state.error
    ? `<div class="alert error" role="alert" id="turno-error" tabindex="-1"${hasFieldError(state) ? '' : ' autofocus'}>${e(state.error)}</div>`
    : '';
  return `<section id="turno" aria-labelledby="turno-title"><h2 id="turno-title">Pedir un turno</h2>${errorBox}${pick}
<form method="post" action="${base}/solicitud" novalidate>
${chosen ? `<input type="hidden" name="lugar" value="${e(chosen.id)}">` : ''}${state.serviceId && chosen ? `<input type="hidden" name="servicio" value="${e(state.serviceId)}">` : ''}<input type="hidden" name="fecha" value="${e(state.date)}">
${slotsHtml}
<label for="nombre">Nombre y apellido</label><input id="nombre" name="nombre" autocomplete="name" required maxlength="120" value="${e(v.name)}"${invalid(state, 'name')}>${fieldError(state, 'name')}
<label for="telefono">Teléfono</label><input id="telefono" name="telefono" type="tel" inputmode="tel" autocomplete="tel" required maxlength="30" value="${e(v.phone)}"${invalid(state, 'phone')}>${fieldError(state, 'phone')}
<label for="correo">Correo electrónico</label><input id="correo" name="correo" type="email" autocomplete="email" required maxlength="254" value="${e(v.email)}"${invalid(state, 'email')}>${fieldError(state, 'email')}
<label for="mensaje">Mensaje (opcional)</label><textarea id="mensaje" name="mensaje" maxlength="${PUBLIC_REQUEST_MESSAGE_MAX}"${invalid(state, 'message')}>${e(v.message)}</textarea>${fieldError(state, 'message')}
<div class="hp" aria-hidden="true"><label for="${PUBLIC_REQUEST_HONEYPOT_FIELD}">Sitio web (no completar)</label><input id="${PUBLIC_REQUEST_HONEYPOT_FIELD}" name="${PUBLIC_REQUEST_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<p class="note">Tus datos solo los ve ${e(profile.name)}, para responder tu solicitud.</p>
<p><button class="btn" type="submit">Enviar solicitud</button></p></form></section>`;
}

function dayDiff(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000));
}

export function profilePage(profile: PublicProfileView, state: BookingState, urls: { canonical: string; origin: string }): string {
  const say = voiced(profile.voice);
  const cover = profile.coverUrl ? `<img class="cover" src="${e(profile.coverUrl)}" alt="" width="1600" height="520" fetchpriority="high">` : '';
  const body = `<header class="hero">${cover}<div class="wrap"><h1>${e(profile.name)}</h1>${profile.headline ? `<p class="lead">${e(profile.headline)}</p>` : ''}<a class="btn" href="#turno">${e(say('Pide tu turno'))}</a></div></header>
<main class="wrap">${profile.about ? `<section><h2>Sobre mí</h2><p>${e(profile.about).replace(/\n/g, '<br>')}</p></section>` : ''}
${list('Títulos', profile.titles)}${list('Estudios', profile.studies)}${list('Experiencia', profile.experiences)}${list('Servicios', profile.services)}
${profile.locations.length ? `<section id="lugares"><h2>Lugares de atención</h2>${profile.locations.map(place).join('')}</section>` : ''}
${bookingSection(profile, state)}</main>`;
  return layout(
    {
      title: `${profile.name} — Nutricionista · Turnos online`,
      description: describeProfile(profile),
      canonicalUrl: urls.canonical,
      imageUrl: profile.coverUrl ? `${urls.origin}${profile.coverUrl}` : null,
    },
    body,
    profile.voice,
  );
}

/** What the confirmation restates of the request just sent (absent: an old link, or a call-back without a place). */
export interface SentDetails {
  start: string | null;
  locationName: string | null;
  locationDetail: string | null;
  address: string | null;
  serviceName: string | null;
  priceCents: number | null;
  currency: string | null;
  timeZone: string;
}

function sentSummary(sent: SentDetails): string {
  const rows: Array<[string, string]> = [];
  if (sent.start) {
    const when = localDateTimeLabels(sent.start, sent.timeZone);
    rows.push(['Día', `${when.weekday} ${when.date}`], ['Hora', when.time]);
  }
  if (sent.locationName) {
    rows.push(['Lugar', [sent.locationName, sent.address, sent.locationDetail].filter(Boolean).join(' · ')]);
  }
  if (sent.serviceName) {
    const price = sent.priceCents && sent.currency ? money(sent.priceCents, sent.currency) : '';
    rows.push(['Servicio', price ? `${sent.serviceName} · ${price}` : sent.serviceName]);
  }
  if (rows.length === 0) return '';
  return `<dl class="summary">${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd>${e(value)}</dd>`).join('')}</dl>`;
}

/**
 * The confirmation says only what happened: the visitor was sent an email that the request arrived (a
 * receipt, not a confirmation of the appointment — that comes when the nutritionist accepts) only when the
 * server delivers email (SMTP); without it the message is written to the server log and nobody receives
 * it, so the page does not promise one (issue 24).
 */
export function sentPage(
  profile: PublicProfileView,
  kind: 'turno' | 'llamada',
  canonical: string,
  sent: SentDetails | null = null,
  emailsDelivered = true,
): string {
  const say = voiced(profile.voice);
  const text =
    kind === 'turno'
      ? emailsDelivered
        ? `Tu horario queda reservado hasta que ${profile.name} lo confirme. Te enviamos un correo con los datos de tu pedido y te escribiremos cuando haya una respuesta.`
        : `Tu horario queda reservado hasta que ${profile.name} lo confirme. ${profile.name} verá tu pedido y se comunicará contigo con la respuesta.`
      : emailsDelivered
        ? `${profile.name} recibió tus datos y se comunicará contigo. Te enviamos un correo que confirma que tu pedido llegó.`
        : `${profile.name} recibió tus datos y se comunicará contigo.`;
  return layout(
    { title: `Solicitud enviada — ${profile.name}`, description: describeProfile(profile), canonicalUrl: canonical, imageUrl: null, noindex: true },
    `<main class="wrap"><section><div class="alert ok" role="status"><h1>¡Solicitud enviada!</h1><p>${e(say(text))}</p>${sent ? sentSummary(sent) : ''}</div><a href="/p/${encodeURIComponent(profile.slug)}">Volver al perfil</a></section></main>`,
    profile.voice,
  );
}
