/**
 * The LMS method as the WHO applies it to its growth standards and reference, and the standard-normal
 * functions that turn a z-score into a percentile.
 *
 * Sources: WHO Multicentre Growth Reference Study Group. WHO Child Growth Standards: Length/height-for-age,
 * weight-for-age, weight-for-length, weight-for-height and body mass index-for-age. Methods and development.
 * Geneva: WHO; 2006, chapter 7 ("Computation of centiles and z-scores", the restricted application of the
 * LMS method); de Onis M et al. Development of a WHO growth reference for school-aged children and
 * adolescents. Bull World Health Organ 2007;85:660-7. The rules (which indicators are restricted, how the
 * L, M, S parameters are interpolated, how z is rounded) follow the WHO's own software, the `anthro` and
 * `anthroplus` R packages (github.com/WorldHealthOrganization), read for the facts; see docs/formulas.md.
 */

/** Plain LMS z-score: ((y/M)^L − 1) / (L·S). The WHO uses it for length/height- and head-circumference-for-age. */
export function lmsZ(y: number, l: number, m: number, s: number): number {
  // L is never exactly 0 in the WHO tables; the Box-Cox limit log(y/M)/S would apply if it were.
  if (l === 0) return Math.log(y / m) / s;
  return ((y / m) ** l - 1) / (s * l);
}

/** The measurement that lies `z` SD from the median: M·(1 + L·S·z)^(1/L). */
export function lmsValueAt(z: number, l: number, m: number, s: number): number {
  if (l === 0) return m * Math.exp(s * z);
  return m * (1 + l * s * z) ** (1 / l);
}

/**
 * The WHO's restricted z-score for the weight-based indicators: inside ±3 SD it is the LMS z; beyond, the
 * distance past the ±3 SD curve is measured in units of the gap between the ±2 and ±3 SD curves, because
 * the LMS curves' skew would otherwise compress the tails (WHO 2006, chapter 7).
 */
export function restrictedLmsZ(y: number, l: number, m: number, s: number): number {
  const z = lmsZ(y, l, m, s);
  if (z > 3) {
    const sd3 = lmsValueAt(3, l, m, s);
    return 3 + (y - sd3) / (sd3 - lmsValueAt(2, l, m, s));
  }
  if (z < -3) {
    const sd3neg = lmsValueAt(-3, l, m, s);
    return -3 + (y - sd3neg) / (lmsValueAt(-2, l, m, s) - sd3neg);
  }
  return z;
}

const SCALES = [1, 10, 100, 1000, 10_000] as const;

/**
 * `Number(x.toFixed(digits))` (digits 0–4) without building a string: toFixed picks the integer n whose
 * n / 10^digits is nearest to the exact binary value of x, so Math.round(x · 10^digits) gives the same n
 * whenever x · 10^digits is not within rounding error of a half; n / 10^digits is then the double nearest to
 * that decimal, exactly what Number() of the string gives. Near a half (where the product's own rounding, and
 * toFixed's ties away from zero, could decide) and for large or non-finite values it asks toFixed itself.
 */
export function toFixedNumber(x: number, digits: number): number {
  if (x === 0) return 0; // (-0).toFixed() is "0"
  const scale = SCALES[digits];
  if (scale === undefined) return Number(x.toFixed(digits));
  const scaled = x * scale;
  if (!(Math.abs(scaled) < 1e9)) return Number(x.toFixed(digits));
  const floor = Math.floor(scaled);
  if (Math.abs(scaled - floor - 0.5) < 1e-6) return Number(x.toFixed(digits));
  return Math.round(scaled) / scale;
}

/**
 * z rounded to two decimals as R's `round(z, 2)` does in the WHO's packages: to the nearest, with the
 * decimal representation deciding ties (`toFixed` rounds the exact binary value, as R ≥ 4.0 does).
 */
export function roundZ(z: number): number {
  const rounded = toFixedNumber(z, 2);
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * Standard normal cumulative distribution Φ(z), via the complementary error function (W. J. Cody's
 * rational Chebyshev approximation as given in Numerical Recipes, 3rd ed., §6.2.2, |error| < 1.2e-7),
 * enough for a percentile shown with one decimal.
 */
export function normalCdf(z: number): number {
  return 1 - 0.5 * erfc(z / Math.SQRT2);
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Percentile (0–100, one decimal) of a z-score. */
export function percentileOf(z: number): number {
  return toFixedNumber(normalCdf(z) * 100, 1);
}

/** z of the WHO chart percentiles P3, P15, P50, P85, P97 (inverse normal, four decimals). */
export const PERCENTILE_Z: Readonly<Record<'p3' | 'p15' | 'p50' | 'p85' | 'p97', number>> = {
  p3: -1.8808,
  p15: -1.0364,
  p50: 0,
  p85: 1.0364,
  p97: 1.8808,
};
