// A count with its noun, in the right number: "1 allocation", "2 allocations", "0 people".
const rules = new Intl.PluralRules('en');

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${rules.select(count) === 'one' ? singular : plural}`;
}
