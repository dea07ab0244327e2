// Which of a project's allocations reach outside its dates: partly (they can be cut back to the dates) or wholly
// (nothing would be left of them). Open ends (no start or no end date) exclude nothing on that side.
export type DatedAllocation = { start_date: string; end_date: string };

export type OutsideDates<T extends DatedAllocation> = { partly: T[]; wholly: T[] };

export function allocationsOutside<T extends DatedAllocation>(
  allocations: T[],
  start: string | null | undefined,
  end: string | null | undefined,
): OutsideDates<T> {
  const partly: T[] = [];
  const wholly: T[] = [];
  for (const allocation of allocations) {
    const before = Boolean(start) && allocation.start_date < start!;
    const after = Boolean(end) && allocation.end_date > end!;
    if (!before && !after) continue;
    const disjoint = (Boolean(start) && allocation.end_date < start!) || (Boolean(end) && allocation.start_date > end!);
    (disjoint ? wholly : partly).push(allocation);
  }
  return { partly, wholly };
}
