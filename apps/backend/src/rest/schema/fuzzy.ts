// "Perhaps you meant ..." suggestions: the closest name by n-gram cosine similarity re-scored by edit distance,
// the way PostgREST's fuzzy set chooses them, kept only above a minimum score.

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

/** The candidate closest to `value`, or null when none scores at least `minScore` (0..1). */
export function closestMatch(value: string, candidates: string[], minScore: number): string | null {
  for (const size of [3, 2]) {
    const target = grams(value, size);
    const similar = candidates.filter((candidate) => cosine(target, grams(candidate, size)) > 0);
    if (similar.length === 0) continue;
    const scored = similar.map((candidate) => {
      const a = normalize(candidate);
      const b = normalize(value);
      const longest = Math.max(a.length, b.length);
      return { candidate, score: longest === 0 ? 0 : 1 - levenshtein(a, b) / longest };
    });
    scored.sort((x, y) => y.score - x.score);
    return scored[0].score >= minScore ? scored[0].candidate : null;
  }
  return null;
}
