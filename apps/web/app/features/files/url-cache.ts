// Signed URLs kept and handed out again while they have long enough to live, so the same picture keeps the same URL
// (the browser's cache then serves it) and the storage service is asked only for what is new.

export interface UrlCache {
  /** The URLs of `keys`, signing only those not cached (or about to expire) with one call to `sign`. */
  urlsOf(keys: string[], sign: (missing: string[]) => Promise<Map<string, string>>): Promise<Map<string, string>>;
}

interface Options {
  /** How long a signed URL is valid. */
  ttlMs: number;
  /** A cached URL is signed again once less than this is left, so a page never shows one that expires meanwhile. */
  renewBeforeMs: number;
  /** The most URLs kept; the oldest go first. */
  max: number;
  now?: () => number;
}

export function createUrlCache({ ttlMs, renewBeforeMs, max, now = Date.now }: Options): UrlCache {
  const entries = new Map<string, { url: string; expiresAt: number }>();
  return {
    async urlsOf(keys, sign) {
      const time = now();
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const entry = entries.get(key);
        if (entry && entry.expiresAt - time > renewBeforeMs) found.set(key, entry.url);
        else missing.push(key);
      }
      if (missing.length === 0) return found;
      const signed = await sign(missing);
      for (const [key, url] of signed) {
        entries.delete(key);
        entries.set(key, { url, expiresAt: time + ttlMs });
        found.set(key, url);
      }
      for (const key of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(key);
      }
      return found;
    },
  };
}
