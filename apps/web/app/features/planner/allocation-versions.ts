// Which version of an allocation a change of this page is sent with. A change is made from the version on screen (or
// the one a dialog opened at); quick changes queue one after another, so that version may since have been replaced
// by this page's own save of the change before: each save records the version it replaced and the one it produced,
// and a change follows that chain. A version someone else produced is never on the chain, so a change made before
// it (an undo among them) is refused instead of overwriting it.
import type { Allocation } from './planner-data';

export class AllocationVersions {
  /** Each version this page saved over (or `new:<id>` for one it created), to the version its save produced. */
  private readonly successors = new Map<string, string>();

  /** A save of this page replaced `from` (undefined: created the allocation) with `to`. */
  saved(allocation: Pick<Allocation, 'id'>, from: string | undefined, to: string | undefined) {
    if (to) this.successors.set(from ?? `new:${allocation.id}`, to);
  }

  /** The version to send a change of `allocation` with; undefined for one whose creation was never saved. */
  of(allocation: Pick<Allocation, 'id' | 'updated_at'>): string | undefined {
    let current = allocation.updated_at ?? `new:${allocation.id}`;
    while (this.successors.has(current)) current = this.successors.get(current)!;
    return current.startsWith('new:') ? undefined : current;
  }
}
