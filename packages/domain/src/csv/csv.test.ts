import { describe, expect, it } from 'vitest';
import { csvDialectFor, toCsv } from './csv.js';

describe('toCsv: one writer, the dialect of the reader\'s spreadsheet', () => {
  it('Spanish locales: ";" between fields and decimal comma, so an Argentine Excel opens columns', () => {
    const dialect = csvDialectFor('es-AR');
    expect(dialect).toEqual({ separator: ';', decimal: ',' });
    expect(csvDialectFor('es')).toEqual(dialect);
    expect(toCsv([['Serie', 'Valor'], ['Facturación', 45000.5], ['Peso', 22]], dialect)).toBe('\uFEFFSerie;Valor\r\nFacturación;45000,5\r\nPeso;22\r\n');
  });

  it('English: "," and decimal point', () => {
    const dialect = csvDialectFor('en');
    expect(dialect).toEqual({ separator: ',', decimal: '.' });
    expect(toCsv([['a', 1.5]], dialect)).toBe('\uFEFFa,1.5\r\n');
  });

  it('quotes fields holding the separator, quotes or line breaks; guards formulas; empties null', () => {
    const es = csvDialectFor('es');
    const row = ['Paz, Ana', 'dice "hola"', 'a;b', 'dos\nlíneas', null, '=SUM(A1)', { raw: '-3' }];
    expect(toCsv([row], es)).toBe(`\uFEFFPaz, Ana;"dice ""hola""";"a;b";"dos\nlíneas";;'=SUM(A1);-3\r\n`);
    expect(toCsv([['Paz, Ana', 'a;b']], csvDialectFor('en'))).toBe('\uFEFF"Paz, Ana",a;b\r\n');
  });
});
