// A count with its noun, in the right number: "1 allocation", "2 allocations", "0 people".
import { formatNumber } from './numbers';

/** English has one singular: exactly one (Intl.PluralRules('en') says the same, without loading locale data). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, 3)} ${count === 1 ? singular : plural}`;
}
