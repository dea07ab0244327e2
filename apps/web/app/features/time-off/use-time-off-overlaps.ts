// Asks the database, once the typing pauses, which of the person's booked work the time off being filled in would
// overlap, so they learn it before recording it rather than from a red planner afterwards.
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { isIsoDate } from '../../lib/dates';
import { describeOverlaps, type TimeOffOverlap } from './time-off-overlaps';

const PAUSE_MS = 250;

export function useTimeOffOverlaps(userId: string, start: string, end: string): string[] {
  const [lines, setLines] = useState<string[]>([]);
  const complete = userId !== '' && isIsoDate(start) && isIsoDate(end) && end >= start;
  useEffect(() => {
    if (!complete) return;
    let current = true;
    const timer = setTimeout(() => {
      void getBrowserSupabase()
        .rpc('time_off_overlaps', { p_user_id: userId, p_start_date: start, p_end_date: end })
        .then(({ data, error }) => {
          // Nothing to say when it cannot be worked out: recording the time off still works.
          if (current) setLines(error || !data ? [] : describeOverlaps(data as TimeOffOverlap[]));
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [complete, userId, start, end]);
  return complete ? lines : [];
}
