// CSV → patient inputs. Reads UTF-8 (with or without BOM), comma, semicolon or tab separated, with a
// header row whose names may be ours (firstName), the legacy export's (Pac_Nombre) or plain Spanish
// (nombre). Every data row becomes either a validated CreatePatientInput or a list of field errors.
import { parse } from 'csv-parse/sync';
import {
  PATIENT_IMPORT_MAX_ROWS,
  createPatientRequestSchema,
  normalizePatientTypeId,
  type CreatePatientInput,
  type CreatePatientRequest,
} from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { foldText } from './patient-text.js';

type ImportField = keyof CreatePatientRequest;

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

export interface CsvRecord {
  /** 1-based line where the row starts (the header is line 1). */
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

export function parsePatientCsv(bytes: Buffer): { records: CsvRecord[]; ignoredColumns: string[] } {
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
  const columns: Array<ImportField | null> = [];
  const ignoredColumns: string[] = [];
  for (const name of header.record) {
    const field = FIELD_OF_HEADER.get(headerKey(name)) ?? null;
    if (field === null || columns.includes(field)) {
      if (name !== '') ignoredColumns.push(name);
      columns.push(null);
    } else {
      columns.push(field);
    }
  }
  if (!columns.includes('firstName') || !columns.includes('lastName')) {
    throw unreadable(
      'La primera fila del archivo debe tener los nombres de las columnas, con al menos nombre y apellido (por ejemplo firstName y lastName, o Pac_Nombre y Pac_Apellido).',
    );
  }
  if (rows.length > PATIENT_IMPORT_MAX_ROWS) {
    throw unreadable(`El archivo tiene ${rows.length} filas; el máximo es ${PATIENT_IMPORT_MAX_ROWS}. Divídelo en partes.`);
  }

  const records: CsvRecord[] = [];
  for (const { record, info } of rows) {
    if (record.every((cell) => cell === '')) continue;
    const values: CsvRecord['values'] = {};
    record.forEach((cell, index) => {
      const field = columns[index];
      if (field && cell !== '') values[field] = cell;
    });
    const newlinesInside = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    records.push({ line: info.lines - newlinesInside, values, extraCells: record.length > header.record.length && record.slice(header.record.length).some((c) => c !== '') });
  }
  return { records, ignoredColumns };
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
