import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageBrightness, brightnessRuleTextColour, contrastRatio, textColourFor } from './colour.js';

const hexOf = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

describe('brightnessRuleTextColour (seed 1 §5: black text when average brightness is over 80 %)', () => {
  it('exactly 80 % is not "over" 80 %: #cccccc (204·3 = 612 = 0.8·765) is white, one step brighter is black', () => {
    expect(averageBrightness('#cccccc')).toBeCloseTo(0.8, 12);
    expect(brightnessRuleTextColour('#cccccc')).toBe('#ffffff');
    expect(brightnessRuleTextColour('#cdcccc')).toBe('#000000');
  });

  it('property: black exactly when (R+G+B)/3/255 > 0.8', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        const expected = (r + g + b) / 3 / 255 > 0.8 ? '#000000' : '#ffffff';
        expect(brightnessRuleTextColour(hexOf(r, g, b))).toBe(expected);
        expect(brightnessRuleTextColour(hexOf(r, g, b).toUpperCase())).toBe(expected);
      }),
    );
  });
});

describe('contrastRatio (WCAG 2.x)', () => {
  it('matches the published extremes and a known pair', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 6);
    // #767676 on white is the classic lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('textColourFor: the seed\'s rule, corrected where it would be unreadable (< 4.5:1)', () => {
  it('white and pale colours get black text; dark and saturated ones get white text', () => {
    expect(textColourFor('#ffffff')).toBe('#000000');
    expect(textColourFor('#FFF5CC')).toBe('#000000');
    expect(textColourFor('#000000')).toBe('#ffffff');
    expect(textColourFor('#1c2a6b')).toBe('#ffffff');
    expect(textColourFor('#7048e8')).toBe('#ffffff');
  });

  it('mid-bright colours the 80 % rule would letter in white get black: yellow, #ffe066, #cccccc', () => {
    expect(brightnessRuleTextColour('#ffff00')).toBe('#ffffff'); // yellow averages 66.7 %: 1.07:1 in white
    expect(textColourFor('#ffff00')).toBe('#000000');
    expect(textColourFor('#ffe066')).toBe('#000000');
    expect(textColourFor('#cccccc')).toBe('#000000');
  });

  it('rejects anything but #rrggbb', () => {
    expect(() => textColourFor('#fff')).toThrow(RangeError);
    expect(() => textColourFor('red')).toThrow(RangeError);
  });

  it('property: the text always reaches 4.5:1, and follows the seed\'s rule whenever that rule does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        const colour = hexOf(r, g, b);
        const text = textColourFor(colour);
        expect(contrastRatio(colour, text)).toBeGreaterThanOrEqual(4.5);
        const byRule = brightnessRuleTextColour(colour);
        if (contrastRatio(colour, byRule) >= 4.5) expect(text).toBe(byRule);
        expect(textColourFor(colour.toUpperCase())).toBe(text);
      }),
    );
  });
});
