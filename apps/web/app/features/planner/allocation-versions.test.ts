import { describe, expect, it } from 'vitest';
import { AllocationVersions } from './allocation-versions';

describe('AllocationVersions', () => {
  it('sends a change with the version on screen when this page has not saved over it', () => {
    expect(new AllocationVersions().of({ id: 'a', updated_at: 'v1' })).toBe('v1');
  });

  it("follows this page's own saves: quick changes queued from one version go through one after another", () => {
    const versions = new AllocationVersions();
    versions.saved({ id: 'a' }, 'v1', 'v2');
    versions.saved({ id: 'a' }, 'v2', 'v3');
    expect(versions.of({ id: 'a', updated_at: 'v1' })).toBe('v3');
  });

  it("undo of a change sends the version this page's save produced, so someone's later change refuses it", () => {
    const versions = new AllocationVersions();
    versions.saved({ id: 'a' }, 'v1', 'v2');
    // Someone else saved v3 since; undo puts back the version before this page's change, from v2, and is refused.
    expect(versions.of({ id: 'a', updated_at: 'v1' })).toBe('v2');
  });

  it('deletes an allocation this page made (undo of creating it) only at the version its save produced', () => {
    const versions = new AllocationVersions();
    expect(versions.of({ id: 'new-one' })).toBeUndefined();
    versions.saved({ id: 'new-one' }, undefined, 'v1');
    expect(versions.of({ id: 'new-one' })).toBe('v1');
    expect(versions.of({ id: 'other' })).toBeUndefined();
  });
});
