// What range the planner shows, kept in the address (zoom, the date it is anchored on, months, tentative) so a reload
// or a shared link shows the same plan. The anchor date stays as chosen when the zoom changes, so Weeks -> Months ->
// Weeks comes back to the same week; each zoom shows its own default span unless one was chosen.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isIsoDate, todayIso } from '../../lib/dates';
import { rangeEnd, rangeStart, shiftRange, type Zoom } from './planner-periods';

const ZOOMS: Zoom[] = ['day', 'week', 'month'];
export const RANGE_MONTHS = [1, 3, 6, 12];
/** Enough columns to fill a wide screen at each zoom: a month of days, a quarter of weeks, a year of months. */
export const DEFAULT_MONTHS: Record<Zoom, number> = { day: 1, week: 3, month: 12 };

/** On a phone the planner is a day-by-day agenda of a month, whatever the address asks for. */
export function usePlannerQuery(phone = false) {
  const [params, setParams] = useSearchParams();
  const askedZoom: Zoom = ZOOMS.includes(params.get('zoom') as Zoom) ? (params.get('zoom') as Zoom) : 'week';
  const zoom: Zoom = phone ? 'day' : askedZoom;
  const chosenMonths = Number(params.get('months'));
  const months = phone ? 1 : RANGE_MONTHS.includes(chosenMonths) ? chosenMonths : DEFAULT_MONTHS[zoom];
  const requested = params.get('from');
  const anchor = isIsoDate(requested) ? requested : todayIso();
  const from = rangeStart(anchor, zoom);
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
    /** A zoom of its own default span, unless a span was chosen; the anchor date stays. */
    setZoom: (next: Zoom) => update({ zoom: next === 'week' ? null : next }),
    setMonths: (next: number) => update({ months: next === DEFAULT_MONTHS[zoom] ? null : String(next) }),
    shift: (direction: -1 | 0 | 1) =>
      update({ from: direction === 0 ? null : shiftRange(anchor, direction * months, zoom) }),
    setIncludeTentative: (value: boolean) => update({ tentative: value ? null : 'off' }),
  };
}
