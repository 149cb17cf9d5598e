/** Public surface of the CSV module: one writer for every export, in the reader's spreadsheet dialect. */
export * from './csv.js';
