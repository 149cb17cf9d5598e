// Keyboard-first forms: Enter in a single-line field moves on instead of submitting by accident.
import type { KeyboardEvent } from 'react';

export function preventEnterSubmit(event: KeyboardEvent<HTMLFormElement>): void {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'submit') {
    event.preventDefault();
  }
}

/** '−34,6' or '-34.6' → -34.6; '' → null; NaN when it is not a number. */
export function parseDecimal(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (value === '') return null;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/** Keeps digits, one sign and decimal separators while typing. */
export function filterDecimal(text: string): string {
  return text.replace(/[^0-9.,-]/g, '');
}
