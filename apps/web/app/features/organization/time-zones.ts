// The IANA time zones offered in the settings: what the runtime knows, plus UTC and the zone already chosen.
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, current])].sort((a, b) => a.localeCompare(b));
}
