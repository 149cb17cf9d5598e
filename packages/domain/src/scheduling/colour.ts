/**
 * Text colour on an appointment (seed 1, sections 5 and 9): black when the appointment colour's average
 * brightness — the mean of R, G and B over 255 — is over 80 %, white otherwise. Exactly 80 % is white.
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

export function textColourFor(hexColour: string): typeof BLACK_TEXT | typeof WHITE_TEXT {
  // Compared on the integer channel sum (> 0.8 × 765 = 612) so float rounding cannot flip the edge case.
  const match = HEX_COLOUR.exec(hexColour);
  if (!match) throw new RangeError(`not a '#rrggbb' colour: ${hexColour}`);
  const sum = parseInt(match[1]!, 16) + parseInt(match[2]!, 16) + parseInt(match[3]!, 16);
  return sum > 612 ? BLACK_TEXT : WHITE_TEXT;
}
