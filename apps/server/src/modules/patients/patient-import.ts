// Import files → patient inputs. A CSV (UTF-8 with or without BOM; comma, semicolon or tab separated) or
// an XLSX workbook (first sheet with data) is read into the same table: a header row and text cells. Each
// column feeds a patient field, recognised from its header — ours (firstName), the legacy export's
// (Pac_Nombre) or plain Spanish (nombre) — or chosen by the nutritionist (the mapping). Every data row then
// becomes either a validated CreatePatientInput or a list of field errors.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  PATIENT_IMPORT_MAX_ROWS,
  createPatientRequestSchema,
  foldText,
  normalizePatientTypeId,
  type CreatePatientInput,
  type PatientImportField,
  type PatientImportMapping,
} from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';

type ImportField = PatientImportField;

/** Header aliases, compared after folding and removing everything but letters and digits. */
const HEADER_ALIASES: Record<ImportField, string[]> = {
  firstName: ['firstname', 'pacnombre', 'nombre', 'nombres', 'name'],
  lastName: ['lastname', 'pacapellido', 'apellido', 'apellidos', 'surname'],
  birthDate: ['birthdate', 'pacfechanac', 'fechanac', 'fechanacimiento', 'fechadenacimiento', 'nacimiento'],
  sex: ['sex', 'pacsexo', 'sexo', 'genero', 'gender'],
  documentNumber: ['documentnumber', 'pacdocumento', 'documento', 'dni', 'nrodocumento', 'numerodocumento', 'numerodedocumento'],
  phone: ['phone', 'pactel', 'telefono', 'tel'],
  mobileAreaCode: ['mobileareacode', 'paccelcodarea', 'codarea', 'codigoarea', 'codigodearea', 'caracteristica'],
  mobileNumber: ['mobilenumber', 'paccel', 'celular', 'cel', 'movil'],
  address: ['address', 'pacdomicilio', 'domicilio', 'direccion'],
  province: ['province', 'pacprovincia', 'provincia'],
  city: ['city', 'pacciudad', 'ciudad', 'localidad'],
  email: ['email', 'pacemail', 'correo', 'correoelectronico', 'mail'],
  healthInsurance: ['healthinsurance', 'pacobrasocial', 'obrasocial', 'prepaga'],
  memberNumber: ['membernumber', 'pacnumsocio', 'numsocio', 'numerosocio', 'nrosocio', 'numerodesocio', 'nroafiliado', 'numeroafiliado'],
  profession: ['profession', 'pacprofesion', 'profesion', 'ocupacion'],
  reasonForConsultation: ['reasonforconsultation', 'pacmotivo', 'motivo', 'motivoconsulta', 'motivodeconsulta'],
  goal: ['goal', 'pacobjetivo', 'objetivo'],
  referredBy: ['referredby', 'referidopor', 'pacreferidopor'],
  startDate: ['startdate', 'pacfechainicia', 'fechainicia', 'fechainicio', 'fechadeinicio'],
  locationId: ['locationid', 'pacturnoubicacion'],
  typeId: ['typeid', 'pactpaid', 'tipo', 'tipopaciente', 'tipodepaciente'],
  heightCm: ['heightcm', 'pactalla', 'talla', 'altura', 'estatura'],
  website: ['website', 'pacsitioweb', 'sitioweb', 'web'],
  isNew: ['isnew', 'pacnuevo', 'nuevo'],
  isTest: ['istest', 'pacdeprueba', 'deprueba', 'prueba'],
};

const FIELD_OF_HEADER = new Map<string, ImportField>(
  Object.entries(HEADER_ALIASES).flatMap(([field, aliases]) => aliases.map((alias) => [alias, field as ImportField])),
);

const headerKey = (header: string) => foldText(header).replace(/[^a-z0-9]/g, '');

/** The file as read, before any column is given a meaning. */
export interface ImportTable {
  format: 'csv' | 'xlsx';
  headers: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

export interface CsvRecord {
  /** 1-based line (CSV) or row (XLSX) where the row starts (the header is 1). */
  line: number;
  values: Partial<Record<ImportField, string>>;
  extraCells: boolean;
}

const unreadable = (message: string) => new AppError('VALIDATION_ERROR', message, [{ path: 'file', message }]);

/** The separator used in the header line (outside quotes): the most frequent of ; , and tab. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function tooManyRows(rows: number): AppError {
  return unreadable(`El archivo tiene ${rows} filas; el máximo es ${PATIENT_IMPORT_MAX_ROWS}. Divídelo en partes.`);
}

export function readCsvTable(bytes: Buffer): ImportTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable('El archivo no está en UTF-8. Guárdalo como "CSV UTF-8" y vuelve a intentarlo.');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw unreadable('El archivo está vacío.');

  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (5'6" or Juan "Pepe") is kept as a character.
      relax_quotes: true,
      trim: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    // csv-parse reports an unclosed quote at the end of the file, not where it opens.
    if (code === 'CSV_QUOTE_NOT_CLOSED') throw unreadable('No pudimos leer el archivo CSV: hay unas comillas (") que no se cierran.');
    throw unreadable(`No pudimos leer el archivo CSV${lines ? ` (línea ${lines})` : ''}: revisa las comillas y los separadores.`);
  }
  const [header, ...rows] = parsed;
  if (!header) throw unreadable('El archivo está vacío.');
  if (rows.length > PATIENT_IMPORT_MAX_ROWS) throw tooManyRows(rows.length);
  return {
    format: 'csv',
    headers: header.record,
    rows: rows.map(({ record, info }) => {
      const newlinesInside = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
      return { line: info.lines - newlinesInside, cells: record };
    }),
  };
}

/** An XLSX cell as the text a CSV export of it would hold: dates as YYYY-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel dates have no zone; exceljs reads them as that wall-clock time in UTC.
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return '';
  return ''; // error values (#N/A…)
}

export async function readXlsxTable(bytes: Buffer): Promise<ImportTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable('No pudimos leer el archivo Excel. Guárdalo como .xlsx (o como CSV UTF-8) y vuelve a intentarlo.');
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) throw unreadable('El archivo está vacío.');
  if (sheet.actualRowCount - 1 > PATIENT_IMPORT_MAX_ROWS) throw tooManyRows(sheet.actualRowCount - 1);
  const lines: Array<{ line: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    // row.values is 1-based (index 0 is empty); missing cells are holes.
    const values = row.values as ExcelJS.CellValue[];
    for (let column = 1; column < values.length; column += 1) cells.push(cellText(values[column]));
    if (cells.some((cell) => cell !== '')) lines.push({ line: number, cells });
  });
  const [header, ...rows] = lines;
  if (!header) throw unreadable('El archivo está vacío.');
  return { format: 'xlsx', headers: header.cells, rows };
}

/** XLSX files are ZIP archives; anything else is read as CSV text. */
export async function readImportTable(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) return readXlsxTable(bytes);
  // The binary .xls of Excel 97–2003 (an OLE compound file).
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    throw unreadable('Los archivos .xls (Excel 97-2003) no se pueden importar: guárdalo como .xlsx o como CSV UTF-8.');
  }
  return readCsvTable(bytes);
}

/** The field each header names on its own (the first column wins when two name the same field). */
export function detectColumns(headers: string[]): Array<ImportField | null> {
  const columns: Array<ImportField | null> = [];
  for (const name of headers) {
    const field = FIELD_OF_HEADER.get(headerKey(name)) ?? null;
    columns.push(field !== null && !columns.includes(field) ? field : null);
  }
  return columns;
}

/** The columns to use: the nutritionist's mapping when sent (it must cover the file), else the detected ones. */
export function resolveColumns(
  table: ImportTable,
  mapping: PatientImportMapping | undefined,
): { columns: Array<ImportField | null>; missing: ImportField[] } {
  let columns = detectColumns(table.headers);
  if (mapping) {
    if (mapping.length !== table.headers.length) {
      const message = `La asignación tiene ${mapping.length} columnas y el archivo ${table.headers.length}. Vuelve a revisar el archivo.`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: 'mapping', message }]);
    }
    columns = [...mapping];
  }
  const missing = REQUIRED_FIELDS.filter((field) => !columns.includes(field));
  return { columns, missing };
}

const REQUIRED_FIELDS: ImportField[] = ['firstName', 'lastName'];

/** The 400 of an import whose columns do not include the names. */
export function missingNamesError(mapped: boolean): AppError {
  return unreadable(
    mapped
      ? 'Elige qué columnas tienen el nombre y el apellido.'
      : 'La primera fila del archivo debe tener los nombres de las columnas, con al menos nombre y apellido (por ejemplo firstName y lastName, o Pac_Nombre y Pac_Apellido).',
  );
}

/** Rows with a value per mapped field; all-empty rows are skipped. */
export function recordsOf(table: ImportTable, columns: Array<ImportField | null>): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const { line, cells } of table.rows) {
    if (cells.every((cell) => cell === '')) continue;
    const values: CsvRecord['values'] = {};
    cells.forEach((cell, index) => {
      const field = columns[index];
      if (field && cell !== '') values[field] = cell;
    });
    records.push({ line, values, extraCells: cells.length > table.headers.length && cells.slice(table.headers.length).some((c) => c !== '') });
  }
  return records;
}

type FieldError = { field: string; message: string };

/** 'YYYY-MM-DD' (also with a time after it), 'dd-mm-yyyy', 'dd/mm/yyyy' or 'dd.mm.yyyy' → 'YYYY-MM-DD'. */
function isoDateOf(value: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(value);
  if (iso) return iso[1]!;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return null;
}

const SEX_WORDS: Record<string, 'm' | 'f'> = {
  m: 'm',
  masculino: 'm',
  hombre: 'm',
  varon: 'm',
  male: 'm',
  h: 'm',
  f: 'f',
  femenino: 'f',
  mujer: 'f',
  female: 'f',
};
const TRUE_WORDS = new Set(['1', 'true', 'si', 'yes', 'x', 'verdadero']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'falso']);

/** Converts the text cells to the JSON types of the contract, then validates them with it. */
export function rowToPatientInput(record: CsvRecord): {
  input: CreatePatientInput | null;
  /** What could be converted, for the rules that need the clock or the catalogue. */
  converted: { birthDate?: string; typeId?: number };
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  if (record.extraCells) errors.push({ field: '(fila)', message: 'La fila tiene más columnas que el encabezado.' });
  const candidate: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(record.values) as Array<[ImportField, string]>) {
    switch (field) {
      case 'birthDate':
      case 'startDate': {
        const date = isoDateOf(raw);
        if (date) candidate[field] = date;
        else errors.push({ field, message: 'Usa una fecha AAAA-MM-DD, dd-mm-aaaa o dd/mm/aaaa.' });
        break;
      }
      case 'sex': {
        const sex = SEX_WORDS[foldText(raw)];
        if (sex) candidate.sex = sex;
        else errors.push({ field, message: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." });
        break;
      }
      case 'typeId':
        if (/^-?\d+$/.test(raw)) candidate.typeId = normalizePatientTypeId(Number(raw));
        else errors.push({ field, message: 'El tipo de paciente debe ser un número entero.' });
        break;
      case 'heightCm': {
        const height = Number(raw.replace(',', '.'));
        if (raw.trim() === '' || !Number.isFinite(height)) errors.push({ field, message: 'La talla debe ser un número.' });
        // A value under 3 can only be metres (1,65): the schema's range is 30–272 cm.
        else candidate.heightCm = height > 0 && height < 3 ? Math.round(height * 1000) / 10 : height;
        break;
      }
      case 'isNew':
      case 'isTest': {
        const word = foldText(raw);
        if (TRUE_WORDS.has(word)) candidate[field] = true;
        else if (FALSE_WORDS.has(word)) candidate[field] = false;
        else errors.push({ field, message: 'Debe ser 1 o 0 (sí o no).' });
        break;
      }
      default:
        candidate[field] = raw;
    }
  }
  const result = createPatientRequestSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '(fila)');
      if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
    }
  }
  const converted = {
    ...(typeof candidate.birthDate === 'string' ? { birthDate: candidate.birthDate } : {}),
    ...(typeof candidate.typeId === 'number' ? { typeId: candidate.typeId } : {}),
  };
  return { input: result.success && errors.length === 0 ? result.data : null, converted, errors };
}
