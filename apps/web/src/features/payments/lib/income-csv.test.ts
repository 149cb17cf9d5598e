import { describe, expect, it } from 'vitest';
import type { Income } from '@almendra/contracts';
import { centsToCsvNumber, incomeCsv } from './income-csv';

const income: Income = {
  year: 2026,
  currency: 'ARS',
  byMonth: Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    collectedCents: i === 2 ? 1_250_050 : 0,
    billedCents: i === 2 ? 3_000_000 : 0,
    byMethod: (['cash', 'transfer', 'mercadopago', 'card', 'insurance'] as const).map((method) => ({ method, amountCents: i === 2 && method === 'transfer' ? 1_250_050 : 0 })),
  })),
};
const labels = {
  month: 'Mes',
  collected: 'Cobrado',
  billed: 'Facturado',
  currency: 'Moneda',
  methods: { cash: 'Efectivo', transfer: 'Transferencia', mercadopago: 'Mercado Pago', card: 'Tarjeta; débito/crédito', insurance: 'Obra social' },
};

describe('incomeCsv', () => {
  it('uses ";" and decimal commas in Spanish, so an Argentine Excel opens it as columns', () => {
    const lines = incomeCsv(income, labels, 'es-AR').replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Mes;Cobrado;Facturado;Efectivo;Transferencia;Mercado Pago;"Tarjeta; débito/crédito";Obra social;Moneda');
    expect(lines[3]).toBe('2026-03;12500,50;30000,00;0,00;12500,50;0,00;0,00;0,00;ARS');
    expect(lines).toHaveLength(13);
  });
  it('uses "," and decimal points in English', () => {
    expect(incomeCsv(income, labels, 'en').split('\r\n')[3]).toBe('2026-03,12500.50,30000.00,0.00,12500.50,0.00,0.00,0.00,ARS');
  });
  it('starts with a BOM and writes cents without thousands separators', () => {
    expect(incomeCsv(income, labels, 'es').startsWith('\uFEFF')).toBe(true);
    expect(centsToCsvNumber(100_000_000, ',')).toBe('1000000,00');
    expect(centsToCsvNumber(5, '.')).toBe('0.05');
  });
});
