/**
 * Text colour on an appointment (seed 1, sections 5 and 9): black when the appointment colour's average
 * brightness — the mean of R, G and B over 255 — is over 80 %, white otherwise. Exactly 80 % is white.
 * Corrected where that rule makes text unreadable: when its choice has a contrast below 4.5:1 (WCAG 2.x
 * §1.4.3, relative luminance per https://www.w3.org/TR/WCAG21/#dfn-relative-luminance) the other one is
 * used — white on yellow (#ffff00, 1.07:1) or on #cccccc (1.6:1) becomes black. One of black and white
 * always reaches 4.58:1 or more, so every colour gets readable text.
 */

export const TEXT_COLOUR_BRIGHTNESS_THRESHOLD = 0.8;
export const BLACK_TEXT = '#000000';
export const WHITE_TEXT = '#ffffff';

const HEX_COLOUR = /^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** Mean of the three channels as a fraction 0..1. */
export function averageBrightness(hexColour: string): number {
  const match = HEX_COLOUR.exec(hexColour);
  if (!match) throw new RangeError(`not a '#rrggbb' colour: ${hexColour}`);
  const [r, g, b] = [match[1]!, match[2]!, match[3]!].map((channel) => parseInt(channel, 16));
  return (r! + g! + b!) / 3 / 255;
}

/** The minimum contrast for normal text (WCAG 2.x, success criterion 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** WCAG 2.x relative luminance of a '#rrggbb' colour (0 black … 1 white). */
export function relativeLuminance(hexColour: string): number {
  const match = HEX_COLOUR.exec(hexColour);
  if (!match) throw new RangeError(`not a '#rrggbb' colour: ${hexColour}`);
  const [r, g, b] = [match[1]!, match[2]!, match[3]!].map((channel) => {
    const s = parseInt(channel, 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.x contrast ratio between two '#rrggbb' colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** The seed's rule alone (see above): black over 80 % average brightness, else white. */
export function brightnessRuleTextColour(hexColour: string): typeof BLACK_TEXT | typeof WHITE_TEXT {
  // Compared on the integer channel sum (> 0.8 × 765 = 612) so float rounding cannot flip the edge case.
  const match = HEX_COLOUR.exec(hexColour);
  if (!match) throw new RangeError(`not a '#rrggbb' colour: ${hexColour}`);
  const sum = parseInt(match[1]!, 16) + parseInt(match[2]!, 16) + parseInt(match[3]!, 16);
  return sum > 612 ? BLACK_TEXT : WHITE_TEXT;
}

export function textColourFor(hexColour: string): typeof BLACK_TEXT | typeof WHITE_TEXT {
  const byRule = brightnessRuleTextColour(hexColour);
  if (contrastRatio(hexColour, byRule) >= MIN_TEXT_CONTRAST) return byRule;
  return byRule === BLACK_TEXT ? WHITE_TEXT : BLACK_TEXT;
}
