// The clinical record sections through the API: pregnancy follow-up, background, habits, lab results,
// reminders and physical activity — each saved on its own, validated, versioned where two tabs may collide.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, issuesOf, validPatient } from './patients-helpers.js';

const START = '2026-03-10T13:00:00.000Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(30 * 24 * 3600) });
});
afterEach(() => {
  t.clock.set(START);
});
afterAll(async () => {
  await t.close();
});

async function patientOf(overrides: Record<string, unknown> = {}) {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const patient = (await call('POST', '/api/v1/patients', validPatient(overrides))).json();
  return { call, patient, id: patient.id as string, session };
}

describe('pregnancy', () => {
  it('starts with gestational age and Naegele due date, records weights and finishes into the history', async () => {
    const { call, id } = await patientOf({ heightCm: 160, typeId: 14 });
    const started = await call('POST', `/api/v1/patients/${id}/pregnancies`, {
      lastMenstrualPeriod: '2025-12-01',
      preGestationalWeightKg: 64,
      notes: 'Primer embarazo',
    });
    expect(started.statusCode).toBe(201);
    const pregnancy = started.json();
    // 2025-12-01 → 2026-03-10 is 99 days: 14 weeks + 1 day; due date = LMP + 280 days.
    expect(pregnancy).toMatchObject({
      status: 'open',
      lastMenstrualPeriod: '2025-12-01',
      dueDate: '2026-09-07',
      gestationalWeek: 14,
      gestationalDays: 1,
      preGestationalWeightKg: 64,
      preGestationalBmi: 25,
      recommendedGainKg: { min: 7, max: 11.5 },
      endDate: null,
      weights: [],
    });
    const patient = (await call('GET', `/api/v1/patients/${id}`)).json();
    expect(patient).toMatchObject({ pregnant: true, typeId: 14 });

    const again = await call('POST', `/api/v1/patients/${id}/pregnancies`, { lastMenstrualPeriod: '2026-01-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('La paciente ya tiene un embarazo en curso. Finalízalo antes de registrar otro.');

    await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-03-01', weightKg: 66.4 });
    const withWeights = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-01-15', weightKg: 64.5 });
    expect(withWeights.statusCode).toBe(201);
    expect(withWeights.json().weights).toEqual([
      expect.objectContaining({ date: '2026-01-15', weightKg: 64.5, gainKg: 0.5, gestationalWeek: 6 }),
      expect.objectContaining({ date: '2026-03-01', weightKg: 66.4, gainKg: 2.4, gestationalWeek: 12 }),
    ]);
    const weightId = withWeights.json().weights[0].id;
    expect((await call('DELETE', `/api/v1/pregnancies/${pregnancy.id}/weights/${weightId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/pregnancies/${pregnancy.id}/weights/${weightId}`)).statusCode).toBe(404);

    const patched = await call('PATCH', `/api/v1/pregnancies/${pregnancy.id}`, { notes: null, preGestationalWeightKg: 63 });
    expect(patched.json()).toMatchObject({ notes: null, preGestationalWeightKg: 63 });

    const finished = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/finish`, { endDate: '2026-03-08', outcome: 'loss' });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ status: 'finished', endDate: '2026-03-08', outcome: 'loss', gestationalWeek: 13, gestationalDays: 6 });
    expect((await call('POST', `/api/v1/pregnancies/${pregnancy.id}/finish`, { endDate: '2026-03-09' })).statusCode).toBe(409);
    expect((await call('GET', `/api/v1/patients/${id}`)).json().pregnant).toBe(false);

    const second = await call('POST', `/api/v1/patients/${id}/pregnancies`, { lastMenstrualPeriod: '2026-03-09' });
    expect(second.statusCode).toBe(201);
    const history = (await call('GET', `/api/v1/patients/${id}/pregnancies`)).json();
    expect(history.map((p: { status: string }) => p.status)).toEqual(['open', 'finished']);
    expect(history[1].weights).toHaveLength(1);
  });

  it('does not tie the pregnancy to patient type 1 (Embarazo) in either direction', async () => {
    const { call, id } = await patientOf({ typeId: 1 });
    expect((await call('GET', `/api/v1/patients/${id}`)).json()).toMatchObject({ typeId: 1, pregnant: false });
    expect((await call('GET', `/api/v1/patients/${id}/pregnancies`)).json()).toEqual([]);
  });

  it('validates dates against today, the LMP and the end date', async () => {
    const { call, id } = await patientOf();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ lastMenstrualPeriod: '2026-03-11' }, { lastMenstrualPeriod: 'La FUM no puede ser una fecha futura.' }],
      [{ lastMenstrualPeriod: '2025-05-01' }, { lastMenstrualPeriod: 'La FUM no puede ser de hace más de 44 semanas en un embarazo en curso.' }],
      [{ lastMenstrualPeriod: '01/02/2026' }, { lastMenstrualPeriod: 'Usa el formato de fecha AAAA-MM-DD.' }],
      [{}, { lastMenstrualPeriod: 'Ingresa la fecha de última menstruación (FUM).' }],
      [{ lastMenstrualPeriod: '2026-01-01', preGestationalWeightKg: 5 }, { preGestationalWeightKg: 'El peso pregestacional debe estar entre 20 y 300 kg.' }],
      // Every error in one answer: a date in the future everywhere on Earth is the schema's to refuse.
      [
        { lastMenstrualPeriod: '2999-01-01', preGestationalWeightKg: 5 },
        { lastMenstrualPeriod: 'La FUM no puede ser una fecha futura.', preGestationalWeightKg: 'El peso pregestacional debe estar entre 20 y 300 kg.' },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call('POST', `/api/v1/patients/${id}/pregnancies`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(issuesOf(response.json())).toEqual(expected);
    }
    expect((await call('GET', `/api/v1/patients/${id}/pregnancies`)).json()).toEqual([]);

    const pregnancy = (await call('POST', `/api/v1/patients/${id}/pregnancies`, { lastMenstrualPeriod: '2026-01-01' })).json();
    const weightBefore = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2025-12-31', weightKg: 60 });
    expect(issuesOf(weightBefore.json())).toEqual({ date: 'La fecha del peso no puede ser anterior a la FUM.' });
    const weightFuture = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-03-11', weightKg: 60 });
    expect(issuesOf(weightFuture.json())).toEqual({ date: 'La fecha del peso no puede ser una fecha futura.' });
    const futureAndHeavy = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2999-01-01', weightKg: 400 });
    expect(issuesOf(futureAndHeavy.json())).toEqual({
      date: 'La fecha del peso no puede ser una fecha futura.',
      weightKg: 'El peso debe estar entre 20 y 300 kg.',
    });
    const heavy = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-03-01', weightKg: 400 });
    expect(issuesOf(heavy.json())).toEqual({ weightKg: 'El peso debe estar entre 20 y 300 kg.' });
    const outcomeTooSoon = await call('PATCH', `/api/v1/pregnancies/${pregnancy.id}`, { outcome: 'birth' });
    expect(issuesOf(outcomeTooSoon.json())).toEqual({ outcome: 'El resultado se indica al finalizar el embarazo.' });
    const endBefore = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/finish`, { endDate: '2025-12-30' });
    expect(issuesOf(endBefore.json())).toEqual({ endDate: 'La fecha de finalización no puede ser anterior a la FUM.' });
    const badOutcome = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/finish`, { endDate: '2026-03-01', outcome: 'parto' });
    expect(badOutcome.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/patients/${id}/pregnancies`)).json()[0]).toMatchObject({ status: 'open', weights: [] });
  });

  it('keeps the record of a patient in the trash readable but not editable', async () => {
    const { call, id } = await patientOf();
    const pregnancy = (await call('POST', `/api/v1/patients/${id}/pregnancies`, { lastMenstrualPeriod: '2026-01-01' })).json();
    await call('DELETE', `/api/v1/patients/${id}`);
    expect((await call('GET', `/api/v1/patients/${id}/pregnancies`)).statusCode).toBe(200);
    const blocked = await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-03-01', weightKg: 60 });
    expect(blocked.statusCode).toBe(409);
    expect((await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-03-01', analyte: 'TSH', value: 1 })).statusCode).toBe(409);
    await call('POST', `/api/v1/patients/${id}/restore`);
    expect((await call('POST', `/api/v1/pregnancies/${pregnancy.id}/weights`, { date: '2026-03-01', weightKg: 60 })).statusCode).toBe(201);
  });
});

describe('background and habits', () => {
  it('answers an empty document at version 0, saves it whole and guards the version', async () => {
    const { call, id } = await patientOf();
    const empty = (await call('GET', `/api/v1/patients/${id}/background`)).json();
    expect(empty).toMatchObject({ patientId: id, version: 0, updatedAt: null, diseases: null });
    expect(Object.values(empty.conditions).every((v) => v === false)).toBe(true);

    const saved = await call('PUT', `/api/v1/patients/${id}/background`, {
      version: 0,
      conditions: { diabetes: true, celiacDisease: true },
      medications: 'Metformina 850 mg',
      allergies: 'Maní',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 1,
      updatedAt: START,
      medications: 'Metformina 850 mg',
      allergies: 'Maní',
      conditions: { diabetes: true, celiacDisease: true, hypertension: false },
    });

    const stale = await call('PUT', `/api/v1/patients/${id}/background`, { version: 0, diseases: 'otra pestaña' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('Otra persona o pestaña modificó estos datos. Recarga para ver los cambios.');

    // PUT replaces the document: what is not sent is cleared.
    const replaced = (await call('PUT', `/api/v1/patients/${id}/background`, { version: 1, conditions: { hypertension: true } })).json();
    expect(replaced).toMatchObject({ version: 2, medications: null, allergies: null, conditions: { diabetes: false, hypertension: true } });

    const bad = await call('PUT', `/api/v1/patients/${id}/background`, { version: 2, conditions: { diabetes: 'sí' }, notes: 'x'.repeat(4001) });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toEqual({ 'conditions.diabetes': 'Debe ser verdadero o falso.', notes: 'Es demasiado largo (máximo 4000 caracteres).' });
    expect((await call('GET', `/api/v1/patients/${id}/background`)).json().version).toBe(2);
  });

  it('saves habits with ranges and enumerations', async () => {
    const { call, id } = await patientOf();
    const habits = await call('PUT', `/api/v1/patients/${id}/habits`, {
      version: 0,
      mealsPerDay: 4,
      waterLitersPerDay: 1.5,
      sleepHoursPerDay: 7.5,
      bowelMovementsPerWeek: 7,
      alcohol: 'occasional',
      smoking: 'former',
      caffeineCupsPerDay: 2,
      appetite: 'normal',
      whoCooks: 'Ella misma',
      eatsOutPerWeek: 3,
      notes: 'Mate a la mañana',
    });
    expect(habits.statusCode).toBe(200);
    expect(habits.json()).toMatchObject({ version: 1, mealsPerDay: 4, waterLitersPerDay: 1.5, alcohol: 'occasional', whoCooks: 'Ella misma' });
    const bad = await call('PUT', `/api/v1/patients/${id}/habits`, { version: 1, mealsPerDay: 0, sleepHoursPerDay: 25, alcohol: 'mucho', eatsOutPerWeek: 2.5 });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toEqual({
      mealsPerDay: 'La cantidad de comidas por día debe estar entre 1 y 12.',
      sleepHoursPerDay: 'La cantidad de horas de sueño debe estar entre 0 y 24.',
      alcohol: "El consumo de alcohol debe ser 'none', 'occasional', 'weekly' o 'daily'.",
      eatsOutPerWeek: 'La cantidad de comidas fuera de casa por semana debe ser un número entero.',
    });
    expect((await call('GET', `/api/v1/patients/${id}/habits`)).json()).toMatchObject({ version: 1, mealsPerDay: 4 });
  });
});

describe('lab results', () => {
  it('fills unit and adult range from the catalogue (by sex), flags out-of-range values and filters by analyte', async () => {
    const { call, id } = await patientOf({ sex: 'f' });
    const glucose = await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-03-01', analyte: 'glucemia en ayunas', value: 112 });
    expect(glucose.statusCode).toBe(201);
    expect(glucose.json()).toMatchObject({ unit: 'mg/dL', referenceMin: 70, referenceMax: 99, outOfRange: 'high' });
    // Guideline cut-offs written "< X" are out of range at X itself: 100 mg/dL fasting is already
    // impaired fasting glucose (ADA 2024), 200 mg/dL total cholesterol borderline high (ATP III).
    const other = await patientOf({ sex: 'f' });
    const atCutOff = async (analyte: string, value: number) =>
      (await other.call('POST', `/api/v1/patients/${other.id}/labs`, { date: '2026-03-01', analyte, value })).json().outOfRange;
    expect(await atCutOff('Glucemia en ayunas', 100)).toBe('high');
    expect(await atCutOff('Glucemia en ayunas', 99)).toBeNull();
    expect(await atCutOff('Colesterol total', 200)).toBe('high');
    expect(await atCutOff('Triglicéridos', 150)).toBe('high');
    expect(await atCutOff('Colesterol LDL', 130)).toBe('high');
    // No cited range: no verdict either way.
    expect(await atCutOff('Insulina basal', 40)).toBeNull();
    const hdl = (await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-03-01', analyte: 'Colesterol HDL', value: 45 })).json();
    expect(hdl).toMatchObject({ referenceMin: 50, referenceMax: null, outOfRange: 'low' });
    const own = (await call('POST', `/api/v1/patients/${id}/labs`, {
      date: '2026-02-01',
      analyte: 'Glucemia en ayunas',
      value: 95,
      unit: 'mg/dl',
      referenceMin: null,
      referenceMax: 99,
    })).json();
    expect(own).toMatchObject({ unit: 'mg/dl', referenceMin: null, referenceMax: 99, outOfRange: null });
    const free = (await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-02-01', analyte: 'Zinc', value: 80 })).json();
    expect(free).toMatchObject({ unit: null, referenceMin: null, referenceMax: null, outOfRange: null });

    const all = (await call('GET', `/api/v1/patients/${id}/labs`)).json();
    expect(all.map((l: { date: string }) => l.date)).toEqual(['2026-03-01', '2026-03-01', '2026-02-01', '2026-02-01']);
    const glucoseOnly = (await call('GET', `/api/v1/patients/${id}/labs?analyte=${encodeURIComponent('GLUCEMIA EN AYUNAS')}`)).json();
    expect(glucoseOnly.map((l: { value: number }) => l.value)).toEqual([112, 95]);

    const patched = await call('PATCH', `/api/v1/labs/${glucose.json().id}`, { value: 99 });
    expect(patched.json()).toMatchObject({ value: 99, outOfRange: null });
    expect((await call('DELETE', `/api/v1/labs/${free.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/labs/${free.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/patients/${id}/labs`)).json()).toHaveLength(3);
  });

  it('rejects bad values, inverted ranges and future dates', async () => {
    const { call, id } = await patientOf({ sex: 'm' });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ date: '2026-03-01', analyte: '', value: 1 }, { analyte: 'Ingresa el análisis.' }],
      [{ date: '2026-03-01', analyte: 'TSH', value: 'alto' }, { value: 'El valor debe ser un número.' }],
      [{ date: '2026-03-01', analyte: 'TSH', value: 2, referenceMin: 5, referenceMax: 1 }, { referenceMax: 'El mínimo de referencia no puede ser mayor que el máximo.' }],
      [{ date: '2026-03-01', analyte: 'Triglicéridos', value: 2, referenceMin: 300 }, { referenceMax: 'El mínimo de referencia no puede ser mayor que el máximo.' }],
      [{ date: '2026-03-11', analyte: 'TSH', value: 2 }, { date: 'La fecha del análisis no puede ser una fecha futura.' }],
      [{ date: '2026-02-30', analyte: 'TSH', value: 2 }, { date: 'No es una fecha válida.' }],
      [{ date: '', analyte: 'TSH', value: 2 }, { date: 'Ingresa la fecha del análisis.' }],
      // Every error in one answer, the future date and the inverted range included.
      [
        { date: '2999-01-01', analyte: '', value: null, referenceMin: 5, referenceMax: 1 },
        {
          date: 'La fecha del análisis no puede ser una fecha futura.',
          analyte: 'Ingresa el análisis.',
          value: 'Ingresa el valor.',
          referenceMax: 'El mínimo de referencia no puede ser mayor que el máximo.',
        },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call('POST', `/api/v1/patients/${id}/labs`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(issuesOf(response.json())).toEqual(expected);
    }
    const lab = (await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-03-01', analyte: 'Ácido úrico', value: 6.5 })).json();
    expect(lab).toMatchObject({ referenceMin: 3.4, referenceMax: 7, outOfRange: null });
    const inverted = await call('PATCH', `/api/v1/labs/${lab.id}`, { referenceMin: 8 });
    expect(issuesOf(inverted.json())).toEqual({ referenceMax: 'El mínimo de referencia no puede ser mayor que el máximo.' });
    expect((await call('GET', `/api/v1/patients/${id}/labs`)).json()).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('creates, completes and reopens reminders, pending first by due date', async () => {
    const { call, id } = await patientOf();
    const later = (await call('POST', `/api/v1/patients/${id}/reminders`, { text: 'Control de peso', dueDate: '2026-04-01' })).json();
    const soon = (await call('POST', `/api/v1/patients/${id}/reminders`, { text: 'Pedir análisis', dueDate: '2026-03-15' })).json();
    const undated = (await call('POST', `/api/v1/patients/${id}/reminders`, { text: 'Enviar recetas' })).json();
    expect(undated).toMatchObject({ dueDate: null, done: false, doneAt: null });

    t.clock.set('2026-03-12T10:00:00.000Z');
    const done = await call('PATCH', `/api/v1/reminders/${soon.id}`, { done: true });
    expect(done.json()).toMatchObject({ done: true, doneAt: '2026-03-12T10:00:00.000Z' });
    const list = (await call('GET', `/api/v1/patients/${id}/reminders`)).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([later.id, undated.id, soon.id]);
    const reopened = await call('PATCH', `/api/v1/reminders/${soon.id}`, { done: false, dueDate: null });
    expect(reopened.json()).toMatchObject({ done: false, doneAt: null, dueDate: null });

    const bad = await call('POST', `/api/v1/patients/${id}/reminders`, { text: '  ', dueDate: '15-03-2026', done: 'no' });
    expect(issuesOf(bad.json())).toEqual({
      text: 'Ingresa el recordatorio.',
      dueDate: 'Usa el formato de fecha AAAA-MM-DD.',
      done: 'Debe ser verdadero o falso.',
    });
    expect((await call('DELETE', `/api/v1/reminders/${later.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/patients/${id}/reminders`)).json()).toHaveLength(2);
  });
});

describe('physical activity', () => {
  it('records activities with weekly minutes and validates ranges', async () => {
    const { call, id } = await patientOf();
    const created = await call('POST', `/api/v1/patients/${id}/activities`, {
      activity: 'Caminata',
      frequencyPerWeek: 5,
      durationMinutes: 40,
      intensity: 'moderate',
      notes: 'Con el perro',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ activity: 'Caminata', weeklyMinutes: 200, intensity: 'moderate', notes: 'Con el perro' });
    const patched = await call('PATCH', `/api/v1/activities/${created.json().id}`, { frequencyPerWeek: 3, intensity: 'high' });
    expect(patched.json()).toMatchObject({ frequencyPerWeek: 3, durationMinutes: 40, weeklyMinutes: 120, intensity: 'high' });

    const bad = await call('POST', `/api/v1/patients/${id}/activities`, { activity: 'Fútbol', frequencyPerWeek: 15, durationMinutes: 0, intensity: 'extrema' });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toEqual({
      frequencyPerWeek: 'La cantidad de veces por semana debe estar entre 0 y 14.',
      durationMinutes: 'La duración debe estar entre 1 y 600.',
      intensity: "La intensidad debe ser 'low', 'moderate' o 'high'.",
    });
    const badPatch = await call('PATCH', `/api/v1/activities/${created.json().id}`, { durationMinutes: 601 });
    expect(badPatch.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/patients/${id}/activities`)).json()).toEqual([expect.objectContaining({ durationMinutes: 40, frequencyPerWeek: 3 })]);
    expect((await call('DELETE', `/api/v1/activities/${created.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/patients/${id}/activities`)).json()).toEqual([]);
  });
});
