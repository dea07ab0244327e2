// What range the planner shows, kept in the address (zoom, first day, months, tentative) so a reload or a shared
// link shows the same plan.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isIsoDate, todayIso } from '../../lib/dates';
import { rangeEnd, rangeStart, shiftRange, type Zoom } from './planner-periods';

const ZOOMS: Zoom[] = ['day', 'week', 'month'];
const MONTHS = [1, 3, 6, 12];

export function usePlannerQuery() {
  const [params, setParams] = useSearchParams();
  const zoom: Zoom = ZOOMS.includes(params.get('zoom') as Zoom) ? (params.get('zoom') as Zoom) : 'week';
  const months = MONTHS.includes(Number(params.get('months'))) ? Number(params.get('months')) : 3;
  const requested = params.get('from');
  const from = rangeStart(isIsoDate(requested) ? requested : todayIso(), zoom);
  const includeTentative = params.get('tentative') !== 'off';
  const query = useMemo(
    () => ({ zoom, months, from, to: rangeEnd(from, months), includeTentative }),
    [zoom, months, from, includeTentative],
  );

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return {
    query,
    setZoom: (next: Zoom) => update({ zoom: next, from: rangeStart(from, next) }),
    setMonths: (next: number) => update({ months: String(next) }),
    shift: (direction: -1 | 0 | 1) =>
      update({ from: direction === 0 ? null : shiftRange(from, direction * months, zoom) }),
    setIncludeTentative: (value: boolean) => update({ tentative: value ? null : 'off' }),
  };
}
