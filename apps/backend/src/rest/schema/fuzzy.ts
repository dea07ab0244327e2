// "Perhaps you meant ..." suggestions, chosen the way PostgREST's fuzzy set chooses them: an exact (case-blind) name
// wins outright; otherwise names sharing n-grams (trigrams, then bigrams) with the value are ranked by cosine
// similarity, the best 50 re-scored by normalized edit distance, and those reaching the minimum score kept.

const normalize = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}, ]/gu, '');

function grams(value: string, size: number): Map<string, number> {
  const padded = `-${normalize(value)}-`;
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [gram, count] of a) dot += count * (b.get(gram) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((sum, c) => sum + c * c, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 1 for equal texts, 0 for nothing in common: the edit distance over the longer length. */
function editSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

export interface FuzzyMatch {
  candidate: string;
  score: number;
}

/** The candidates like `value`, best first, each scoring at least `minScore` (0..1). */
export function fuzzyMatches(value: string, candidates: string[], minScore: number): FuzzyMatch[] {
  const key = value.toLowerCase();
  const exact = candidates.find((candidate) => candidate.toLowerCase() === key);
  if (exact !== undefined) return [{ candidate: exact, score: 1 }];
  const distinct = [...new Set(candidates)];
  for (const size of [3, 2]) {
    const target = grams(value, size);
    const byCosine = distinct
      .map((candidate) => ({ candidate, score: cosine(target, grams(candidate, size)) }))
      .filter((match) => match.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50);
    const matches = byCosine
      .map(({ candidate }) => ({ candidate, score: editSimilarity(key, candidate.toLowerCase()) }))
      .filter((match) => match.score >= minScore)
      .sort((x, y) => y.score - x.score);
    if (matches.length > 0) return matches;
  }
  return [];
}

/** The candidate closest to `value`, or null when none scores at least `minScore` (0..1). */
export function closestMatch(value: string, candidates: string[], minScore: number): string | null {
  return fuzzyMatches(value, candidates, minScore)[0]?.candidate ?? null;
}
