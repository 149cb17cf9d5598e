import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageBrightness, textColourFor } from './colour.js';

const hexOf = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

describe('textColourFor (seed 1 §5: black text when average brightness is over 80 %)', () => {
  it('white and pale colours get black text; dark and saturated ones get white text', () => {
    expect(textColourFor('#ffffff')).toBe('#000000');
    expect(textColourFor('#FFF5CC')).toBe('#000000');
    expect(textColourFor('#000000')).toBe('#ffffff');
    expect(textColourFor('#4e8cff')).toBe('#ffffff');
    expect(textColourFor('#ffff00')).toBe('#ffffff'); // yellow averages 66.7 %
  });

  it('exactly 80 % is not "over" 80 %: #cccccc (204·3 = 612 = 0.8·765) is white, one step brighter is black', () => {
    expect(averageBrightness('#cccccc')).toBeCloseTo(0.8, 12);
    expect(textColourFor('#cccccc')).toBe('#ffffff');
    expect(textColourFor('#cdcccc')).toBe('#000000');
  });

  it('rejects anything but #rrggbb', () => {
    expect(() => textColourFor('#fff')).toThrow(RangeError);
    expect(() => textColourFor('red')).toThrow(RangeError);
  });

  it('property: black exactly when (R+G+B)/3/255 > 0.8', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        const expected = (r + g + b) / 3 / 255 > 0.8 ? '#000000' : '#ffffff';
        expect(textColourFor(hexOf(r, g, b))).toBe(expected);
        expect(textColourFor(hexOf(r, g, b).toUpperCase())).toBe(expected);
      }),
    );
  });

  it('property: brightening a channel never turns black text back to white', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        if (textColourFor(hexOf(r, g, b)) === '#000000') expect(textColourFor(hexOf(r + 1, g, b))).toBe('#000000');
      }),
    );
  });
});
