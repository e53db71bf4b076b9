/** An exact fraction; media times and rates are kept as fractions so 30000/1001 does not drift. */
export interface Rational {
  numerator: number;
  denominator: number;
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function reduceRational({ numerator, denominator }: Rational): Rational {
  const divisor = gcd(numerator, denominator) || 1;
  const sign = denominator < 0 ? -1 : 1;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

export function rationalValue({ numerator, denominator }: Rational): number {
  return numerator / denominator;
}
