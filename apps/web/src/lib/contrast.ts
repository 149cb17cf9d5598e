// WCAG contrast helpers used to keep primary-coloured text readable (AA, 4.5:1) whatever colour the
// nutritionist picks; the theme derives its anchor and "light" variant text colours from them.

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mixes `hex` towards black by `amount` (0..1). */
export function darken(hex: string, amount: number): string {
  const factor = 1 - Math.min(Math.max(amount, 0), 1);
  return `#${channels(hex)
    .map((c) => Math.round(c * factor).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** `color` itself when it reaches `minimum` contrast on `background`, else the least darkened variant that does. */
export function readableOn(color: string, background: string, minimum = 4.5): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = darken(color, step * 0.05);
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return '#000000';
}
