// Everyone's free hours between two dates from the database (public.availability), asked once the dates settle.
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { isIsoDate } from '../../lib/dates';
import type { Availability } from './person-availability';

const PAUSE_MS = 250;

export function useAvailability(start: string, end: string): Availability[] | null {
  const [rows, setRows] = useState<{ key: string; rows: Availability[] } | null>(null);
  const complete = isIsoDate(start) && isIsoDate(end) && end >= start;
  const key = `${start}|${end}`;
  useEffect(() => {
    if (!complete) return;
    let current = true;
    const timer = setTimeout(() => {
      void getBrowserSupabase()
        .rpc('availability', { p_from: start, p_to: end })
        .then(({ data, error }) => {
          if (current) setRows(error || !data ? null : { key, rows: data as Availability[] });
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [complete, start, end, key]);
  // Figures of other dates would mislead: none until those of these dates arrive.
  return complete && rows?.key === key ? rows.rows : null;
}
