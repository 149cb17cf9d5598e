// POST /api/v1/patients/import: legacy and own column names, comma or semicolon, dry run, one transaction
// for the valid rows, a report of every rejected row, and whole-file rejection when it cannot be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, issuesOf, multipart, upload } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function practice() {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const importCsv = (csv: string | Buffer, query = '') =>
    upload(t, session.auth, 'POST', `/api/v1/patients/import${query}`, multipart('file', 'pacientes.csv', 'text/csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv)));
  const total = async () => (await call('GET', '/api/v1/patients?limit=1')).json().total as number;
  return { ...session, call, importCsv, total };
}

const LEGACY_CSV = [
  'Pac_Nombre;Pac_Apellido;Pac_FechaNac;Pac_Sexo;Pac_Email;Pac_Cel_CodArea;Pac_Cel;Pac_TPa_ID;Pac_Talla;Pac_ObraSocial;Referido_por;Columna_Rara',
  'José;Pérez;02/03/1985;M;Jose@Correo.test;11;5555-1234;5;1,72;OSDE;Instagram;x',
  'Ana;Gómez;15-11-1992;femenino;;;;150;165;;;',
  ';Sin Nombre;1990-01-01;f;;;;;;;;',
  'Luis;Fecha Mala;31/02/1990;m;;;;;;;;',
  'Carla;Futura;01/01/2030;f;;;;;;;;',
  'Beto;Tipo;1980-01-01;x;no-es-correo;;;12;;;;',
  '',
  '"Dora, la ""Negra""";"Ruiz',
].join('\n');

describe('POST /api/v1/patients/import', () => {
  it('reports every row on a dry run and saves nothing', async () => {
    const { importCsv, total } = await practice();
    const response = await importCsv(LEGACY_CSV + '\nmultilínea"\n', '?dryRun=true');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ dryRun: true, rows: 7, valid: 3, imported: 0, ignoredColumns: ['Columna_Rara'] });
    expect(report.rejected).toEqual([
      { row: 4, errors: [{ field: 'firstName', message: 'Ingresa el nombre.' }] },
      { row: 5, errors: [{ field: 'birthDate', message: 'No es una fecha válida.' }] },
      { row: 6, errors: [{ field: 'birthDate', message: 'La fecha de nacimiento no puede ser una fecha futura.' }] },
      {
        row: 7,
        errors: expect.arrayContaining([
          { field: 'sex', message: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." },
          { field: 'email', message: 'Ingresa un correo electrónico válido.' },
          { field: 'typeId', message: 'Tipo de paciente desconocido.' },
        ]),
      },
    ]);
    expect(await total()).toBe(0);
  });

  it('imports the valid rows of a legacy semicolon file with their values converted', async () => {
    const { importCsv, call, total } = await practice();
    const response = await importCsv(LEGACY_CSV + '\nmultilínea"\n');
    expect(response.json()).toMatchObject({ dryRun: false, rows: 7, valid: 3, imported: 3 });
    expect(await total()).toBe(3);
    const jose = (await call('GET', '/api/v1/patients?q=jose')).json().items[0];
    expect(jose).toMatchObject({
      firstName: 'José',
      lastName: 'Pérez',
      birthDate: '1985-03-02',
      sex: 'm',
      email: 'jose@correo.test',
      mobileAreaCode: '11',
      mobileNumber: '5555-1234',
      typeId: 5,
      heightCm: 172,
      healthInsurance: 'OSDE',
      referredBy: 'Instagram',
      startDate: '2026-03-10',
      isNew: false,
      version: 1,
    });
    const ana = (await call('GET', '/api/v1/patients?q=gomez')).json().items[0];
    expect(ana).toMatchObject({ birthDate: '1992-11-15', sex: 'f', typeId: 14, heightCm: 165 });
    const dora = (await call('GET', '/api/v1/patients?q=dora')).json().items[0];
    expect(dora).toMatchObject({ firstName: 'Dora, la "Negra"', lastName: 'Ruiz\nmultilínea' });
    // Each imported patient has its audit row.
    const exported = (await call('GET', `/api/v1/patients/${jose.id}/export`)).json();
    expect(exported.auditLog[0]).toMatchObject({ entity: 'patient', action: 'import' });
  });

  it('accepts our camelCase and Spanish headers, comma separated, with a BOM and CRLF line ends', async () => {
    const { importCsv, call } = await practice();
    const csv = '\uFEFFfirstName,lastName,birthDate,email,typeId,isNew,isTest,goal\r\nEva,Luna,1999-09-09,eva@correo.test,9,1,0,"Bajar, de a poco"\r\n';
    expect((await importCsv(csv)).json()).toMatchObject({ imported: 1, rejected: [], ignoredColumns: [] });
    const eva = (await call('GET', '/api/v1/patients?status=new')).json().items[0];
    expect(eva).toMatchObject({ firstName: 'Eva', typeId: 9, isNew: true, isTest: false, goal: 'Bajar, de a poco' });

    const spanish = 'Nombre;Apellido;Fecha de nacimiento;Correo electrónico;Teléfono;Obra social;Objetivo\nLeo;Paz;1.2.1970;leo@correo.test;4444-5555;IOMA;Mantener\n';
    expect((await importCsv(spanish)).json()).toMatchObject({ imported: 1, rejected: [] });
    expect((await call('GET', '/api/v1/patients?q=leo')).json().items[0]).toMatchObject({
      birthDate: '1970-02-01',
      phone: '4444-5555',
      healthInsurance: 'IOMA',
      goal: 'Mantener',
    });
  });

  it('imports 200 rows in one request', async () => {
    const { importCsv, total } = await practice();
    const lines = ['firstName,lastName,birthDate,email,heightCm'];
    for (let i = 0; i < 200; i += 1) lines.push(`Nombre${i},Apellido${i},19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10},p${i}@correo.test,${150 + (i % 40)}`);
    const response = await importCsv(lines.join('\n'));
    expect(response.json()).toMatchObject({ rows: 200, valid: 200, imported: 200, rejected: [] });
    expect(await total()).toBe(200);
  });

  it('rejects a file it cannot read with a Spanish message and saves nothing', async () => {
    const { importCsv, total } = await practice();
    const cases: Array<[string | Buffer, string]> = [
      ['firstName,lastName\nAna,"Gómez\nLuis,Paz\n', 'No pudimos leer el archivo CSV: hay unas comillas (") que no se cierran.'],
      ['firstName,lastName\nAna,"Gómez"x\n', 'No pudimos leer el archivo CSV (línea 2): revisa las comillas y los separadores.'],
      ['', 'El archivo está vacío.'],
      ['telefono,ciudad\n1234,Rosario\n', 'La primera fila del archivo debe tener los nombres de las columnas, con al menos nombre y apellido (por ejemplo firstName y lastName, o Pac_Nombre y Pac_Apellido).'],
      [Buffer.from('nombre;apellido\nJos\xe9;P\xe9rez\n', 'latin1'), 'El archivo no está en UTF-8. Guárdalo como "CSV UTF-8" y vuelve a intentarlo.'],
    ];
    for (const [csv, message] of cases) {
      const response = await importCsv(csv);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(issuesOf(response.json())).toEqual({ file: message });
    }
    expect(await total()).toBe(0);
  });

  it('answers 413 over 2 MB, 415 without multipart, and 400 without the file field', async () => {
    const { importCsv, call, auth, total } = await practice();
    const big = 'firstName,lastName\n' + 'Ana,Gómez\n'.repeat(230_000);
    const tooBig = await importCsv(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'El archivo supera el máximo de 2 MB.' });
    const json = await call('POST', '/api/v1/patients/import', { file: 'firstName,lastName\nA,B' });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(t, auth, 'POST', '/api/v1/patients/import', multipart('archivo', 'p.csv', 'text/csv', Buffer.from('firstName,lastName\nA,B\n')));
    expect(wrongField.statusCode).toBe(400);
    expect(issuesOf(wrongField.json())).toEqual({ file: 'Adjunta el archivo en el campo "file".' });
    const badQuery = await importCsv('firstName,lastName\nA,B\n', '?dryRun=quizas');
    expect(badQuery.statusCode).toBe(400);
    expect(await total()).toBe(0);
  });
});
