// POST /api/v1/patients/import: CSV and XLSX, legacy and own column names, comma or semicolon, the
// nutritionist's column mapping, dry run with preview, one transaction for the valid rows (nothing saved when
// it fails half-way), the created ids, a report of every rejected row, and whole-file rejection when it
// cannot be read.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
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
  const importXlsx = (xlsx: Buffer, query = '') =>
    upload(
      t,
      session.auth,
      'POST',
      `/api/v1/patients/import${query}`,
      multipart('file', 'pacientes.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx),
    );
  const total = async () => (await call('GET', '/api/v1/patients?limit=1')).json().total as number;
  return { ...session, call, importCsv, importXlsx, total };
}

/** A real .xlsx workbook written by exceljs: the rows as given (the first is the header). */
async function workbook(rows: unknown[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Pacientes');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const mappingQuery = (mapping: Array<string | null>, dryRun: boolean) => `?dryRun=${dryRun}&mapping=${encodeURIComponent(JSON.stringify(mapping))}`;

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
    expect(report).toMatchObject({ dryRun: true, format: 'csv', missingFields: [], rows: 7, valid: 3, imported: 0, createdIds: [], ignoredColumns: ['Columna_Rara'] });
    expect(report.columns.slice(0, 3)).toEqual([
      { header: 'Pac_Nombre', field: 'firstName', detectedField: 'firstName' },
      { header: 'Pac_Apellido', field: 'lastName', detectedField: 'lastName' },
      { header: 'Pac_FechaNac', field: 'birthDate', detectedField: 'birthDate' },
    ]);
    expect(report.columns.at(-1)).toEqual({ header: 'Columna_Rara', field: null, detectedField: null });
    // The preview shows the first rows as read, valid or not, one text per column.
    expect(report.preview).toHaveLength(7);
    expect(report.preview[0]).toEqual({ row: 2, valid: true, cells: ['José', 'Pérez', '02/03/1985', 'M', 'Jose@Correo.test', '11', '5555-1234', '5', '1,72', 'OSDE', 'Instagram', 'x'] });
    expect(report.preview[2]).toMatchObject({ row: 4, valid: false });
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
    // The created ids, in file order.
    const createdIds = response.json().createdIds as string[];
    expect(createdIds).toHaveLength(3);
    const names = await Promise.all(createdIds.map(async (id) => (await call('GET', `/api/v1/patients/${id}`)).json().firstName));
    expect(names).toEqual(['José', 'Ana', 'Dora, la "Negra"']);
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
    expect(tooBig.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'El archivo supera el máximo de 2 MB.' });
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

describe('POST /api/v1/patients/import (XLSX and column mapping)', () => {
  it('reads a real .xlsx the same way as a CSV: legacy headers, dates, numbers and rich text', async () => {
    const { importXlsx, call, total } = await practice();
    const xlsx = await workbook(
      [
        ['Pac_Nombre', 'Pac_Apellido', 'Pac_FechaNac', 'Pac_Sexo', 'Pac_Email', 'Pac_Talla', 'Pac_TPa_ID', 'Pac_Cel', 'Notas internas'],
        ['José', 'Pérez', new Date(Date.UTC(1985, 2, 2)), 'M', 'Jose@Correo.test', 1.72, 5, 1155551234, 'no importar'],
        ['Ana', 'Gómez', '15/11/1992', 'femenino', null, 165, null, null, null],
        [],
        ['Luis', 'Fecha Mala', '31/02/1990', 'm', null, null, null, null, null],
      ],
      (sheet) => {
        // A rich-text cell (bold part) and a formula with its cached result, as Excel writes them.
        sheet.getCell('B3').value = { richText: [{ text: 'Gó', font: { bold: true } }, { text: 'mez' }] };
        sheet.getCell('F3').value = { formula: '160+5', result: 165 };
      },
    );
    const dry = await importXlsx(xlsx, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    expect(report).toMatchObject({ dryRun: true, format: 'xlsx', rows: 3, valid: 2, imported: 0, createdIds: [], ignoredColumns: ['Notas internas'] });
    expect(report.rejected).toEqual([{ row: 5, errors: [{ field: 'birthDate', message: 'No es una fecha válida.' }] }]);
    expect(report.preview[0]).toEqual({ row: 2, valid: true, cells: ['José', 'Pérez', '1985-03-02', 'M', 'Jose@Correo.test', '1.72', '5', '1155551234', 'no importar'] });
    expect(report.preview[1].cells.slice(0, 3)).toEqual(['Ana', 'Gómez', '15/11/1992']);
    expect(await total()).toBe(0);

    const done = (await importXlsx(xlsx)).json();
    expect(done).toMatchObject({ imported: 2 });
    expect(done.createdIds).toHaveLength(2);
    expect((await call('GET', `/api/v1/patients/${done.createdIds[0]}`)).json()).toMatchObject({
      firstName: 'José',
      birthDate: '1985-03-02',
      sex: 'm',
      email: 'jose@correo.test',
      heightCm: 172,
      typeId: 5,
      mobileNumber: '1155551234',
    });
    expect((await call('GET', `/api/v1/patients/${done.createdIds[1]}`)).json()).toMatchObject({ lastName: 'Gómez', heightCm: 165, typeId: 14 });
  });

  it("uses the nutritionist's mapping for columns it cannot recognise, and checks the mapping", async () => {
    const { importCsv, importXlsx, call, total } = await practice();
    const csv = 'Nom;Ape;Nac;Mail de contacto;Celu\nMarta;Ríos;1980-04-05;marta@correo.test;11 4444-5555\n';
    // Unmapped, the names are not recognised: the dry run still answers the columns and the preview so they
    // can be mapped, and a real import is refused.
    const unmapped = (await importCsv(csv, '?dryRun=true')).json();
    expect(unmapped).toMatchObject({ missingFields: ['firstName', 'lastName'], rows: 1, valid: 0, rejected: [], preview: [{ row: 2, valid: false }] });
    expect(unmapped.columns.map((c: { field: string | null }) => c.field)).toEqual([null, null, null, null, null]);
    expect((await importCsv(csv)).statusCode).toBe(400);
    expect(await total()).toBe(0);

    const mapping = ['firstName', 'lastName', 'birthDate', 'email', null];
    const dry = (await importCsv(csv, mappingQuery(mapping, true))).json();
    expect(dry).toMatchObject({ valid: 1, ignoredColumns: ['Celu'] });
    expect(dry.columns).toEqual([
      { header: 'Nom', field: 'firstName', detectedField: null },
      { header: 'Ape', field: 'lastName', detectedField: null },
      { header: 'Nac', field: 'birthDate', detectedField: null },
      { header: 'Mail de contacto', field: 'email', detectedField: null },
      { header: 'Celu', field: null, detectedField: null },
    ]);
    const done = (await importCsv(csv, mappingQuery(mapping, false))).json();
    expect((await call('GET', `/api/v1/patients/${done.createdIds[0]}`)).json()).toMatchObject({
      firstName: 'Marta',
      lastName: 'Ríos',
      birthDate: '1980-04-05',
      email: 'marta@correo.test',
      mobileNumber: null,
    });

    // A mapping overrides a recognised header too (here: the 'Celular' column is really the landline).
    const xlsx = await workbook([
      ['Nombre', 'Apellido', 'Celular'],
      ['Pía', 'Sosa', '4777-8888'],
    ]);
    const remapped = (await importXlsx(xlsx, mappingQuery(['firstName', 'lastName', 'phone'], false))).json();
    expect(remapped.columns[2]).toEqual({ header: 'Celular', field: 'phone', detectedField: 'mobileNumber' });
    expect((await call('GET', `/api/v1/patients/${remapped.createdIds[0]}`)).json()).toMatchObject({ phone: '4777-8888', mobileNumber: null });

    const cases: Array<[string, string, string]> = [
      [mappingQuery(['firstName', 'firstName', null, null, null], true), 'querystring.mapping', 'Asignaste el mismo campo a dos columnas.'],
      [mappingQuery(['firstName', 'lastName'], true), 'mapping', 'La asignación tiene 2 columnas y el archivo 5. Vuelve a revisar el archivo.'],
      [mappingQuery(['firstName', null, null, null, null], false), 'file', 'Elige qué columnas tienen el nombre y el apellido.'],
      [mappingQuery(['firstName', 'apellido', null, null, null], true), 'querystring.mapping.1', 'El campo elegido para una columna no existe.'],
      [`?dryRun=true&mapping=${encodeURIComponent('[firstName')}`, 'querystring.mapping', 'La asignación de columnas no es un JSON válido.'],
    ];
    for (const [query, path, message] of cases) {
      const response = await importCsv(csv, query);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.details, message).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
      expect(response.json().error.details.some((d: { path: string }) => String(d.path).startsWith(path)), message).toBe(true);
    }
  });

  it('refuses an old binary .xls and a broken .xlsx with a Spanish message', async () => {
    const { importXlsx, total } = await practice();
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const old = await importXlsx(xls);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe('Los archivos .xls (Excel 97-2003) no se pueden importar: guárdalo como .xlsx o como CSV UTF-8.');
    const valid = await workbook([['Nombre', 'Apellido'], ['A', 'B']]);
    const broken = await importXlsx(valid.subarray(0, 200));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('No pudimos leer el archivo Excel. Guárdalo como .xlsx (o como CSV UTF-8) y vuelve a intentarlo.');
    const empty = await importXlsx(await workbook([]));
    expect(empty.json().error.message).toBe('El archivo está vacío.');
    expect(await total()).toBe(0);
  });

  it('saves nothing when the database fails half-way through the import', async () => {
    const { importCsv, session, total } = await practice();
    // A trigger makes the 240th insert fail: after the first batch of 200 rows went in, inside the transaction.
    const db = t.database.db;
    if (t.database.kind === 'sqlite') {
      await sql`create trigger import_boom before insert on patients when new.first_name = 'Explota' begin select raise(abort, 'forced failure'); end`.execute(db);
    } else {
      await sql`create function import_boom() returns trigger language plpgsql as $$ begin if new.first_name = 'Explota' then raise exception 'forced failure'; end if; return new; end $$`.execute(db);
      await sql`create trigger import_boom before insert on patients for each row execute function import_boom()`.execute(db);
    }
    try {
      const lines = ['nombre,apellido'];
      for (let i = 0; i < 250; i += 1) lines.push(`${i === 239 ? 'Explota' : `Nombre${i}`},Apellido${i}`);
      const dry = (await importCsv(lines.join('\n'), '?dryRun=true')).json();
      expect(dry).toMatchObject({ rows: 250, valid: 250 });
      const response = await importCsv(lines.join('\n'));
      expect(response.statusCode).toBe(500);
      expect(await total()).toBe(0);
      const audit = await db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).where('action', '=', 'import').where('nutritionist_id', '=', session.nutritionist.id).executeTakeFirstOrThrow();
      expect(Number(audit.n)).toBe(0);
    } finally {
      await sql`drop trigger if exists import_boom${t.database.kind === 'postgres' ? sql` on patients` : sql``}`.execute(db);
    }
  });
});
