// Asks the database what to warn about while an allocation is being filled in, once the typing pauses: the figures
// come from the same rules as the planner's and the project's, never recomputed here.
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { isIsoDate } from '../../lib/dates';
import { describeWarnings, type AllocationWarningFigures } from './allocation-warnings';
import type { AllocationFormValues } from './allocation-draft';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAUSE_MS = 250;

/** The hours as a number, or null while the field holds nothing usable. */
function hoursOf(value: number | string): number | null {
  const hours = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(hours) && hours > 0 && hours <= 24 ? hours : null;
}

/** The warnings for the values as they are now (empty until the fields make a whole allocation). */
export function useAllocationWarnings(
  values: AllocationFormValues,
  allocationId: string | undefined,
  personName?: string,
): string[] {
  const [warnings, setWarnings] = useState<string[]>([]);
  const { project_id, user_id, start_date, end_date } = values;
  const hours = hoursOf(values.hours_per_day);
  const complete =
    UUID.test(project_id) &&
    UUID.test(user_id) &&
    isIsoDate(start_date) &&
    isIsoDate(end_date) &&
    end_date >= start_date &&
    hours !== null;

  useEffect(() => {
    if (!complete) return;
    let current = true;
    const timer = setTimeout(() => {
      void getBrowserSupabase()
        .rpc('allocation_warnings', {
          p_project_id: project_id,
          p_user_id: user_id,
          p_start_date: start_date,
          p_end_date: end_date,
          p_hours_per_day: hours,
          ...(allocationId ? { p_allocation_id: allocationId } : {}),
        })
        .then(({ data, error }) => {
          if (!current) return;
          // A warning that cannot be worked out is no reason to stop anyone: the save itself still checks the rules.
          setWarnings(error || !data ? [] : describeWarnings(data as unknown as AllocationWarningFigures, personName));
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [complete, project_id, user_id, start_date, end_date, hours, allocationId, personName]);

  // Until the fields make a whole allocation again, earlier warnings no longer apply.
  return complete ? warnings : [];
}
