// One rule for every unsigned numeric field (quantities, measurements, portions): while typing, only
// digits and one decimal separator (comma, as Argentines write it, or dot) stay in the field.

/** Keeps digits and the first decimal separator (comma or dot): 'abc1,5.2' → '1,52'. */
export function filterDecimalInput(text: string): string {
  let seenSeparator = false;
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') out += char;
    else if ((char === ',' || char === '.') && !seenSeparator) {
      seenSeparator = true;
      out += char;
    }
  }
  return out;
}
