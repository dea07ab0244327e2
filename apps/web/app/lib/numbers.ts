// Numbers as English readers write them ("1,240", "7.5") without Intl: a page's first Intl formatter loads the
// browser's locale data, which took 25 to 50 ms on the main thread of a fresh tab here, before the page answers a tap.

/**
 * `value` rounded to at most `maxFractionDigits` decimals, half away from zero, its thousands grouped with commas:
 * what `Intl.NumberFormat('en', { maximumFractionDigits })` writes, except that a negative number that rounds to
 * zero is written "0", not "-0".
 */
export function formatNumber(value: number, maxFractionDigits = 0): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const [whole, decimals] = roundDecimal(Math.abs(value), maxFractionDigits);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const text = decimals ? `${grouped}.${decimals}` : grouped;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * The whole and decimal digits of `value` (not negative) rounded to `digits` decimals, trailing zeros dropped. As
 * Intl does, this rounds the shortest decimal that reads back as `value` (0.015 is "0.015", so 0.02), not its exact
 * binary value (0.01499…, which toFixed rounds to 0.01).
 */
function roundDecimal(value: number, digits: number): [string, string] {
  const shortest = String(value);
  // Exponents: below 1e-6 (zero at any precision a person reads) and from 1e21 (no decimals left to round).
  if (shortest.includes('e')) {
    if (value < 1) return ['0', ''];
    const [mantissa, exponent] = shortest.split('e');
    const [first, rest = ''] = mantissa.split('.');
    return [first + rest + '0'.repeat(Number(exponent) - rest.length), ''];
  }
  const [whole, fraction = ''] = shortest.split('.');
  if (fraction.length <= digits) return [whole, fraction];
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction[digits] >= '5') kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits).replace(/0+$/, '')];
}
