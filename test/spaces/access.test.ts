import { describe, expect, it } from 'vitest';
import { effectiveRole } from '../../src-shared/access';
import { assertSpaceWritable } from '../../src-main/spaces/access';
import type { SpaceRow } from '../../src-main/store/spaces';

const space = (editMode: 'live' | 'locked') => ({ edit_mode: editMode }) as SpaceRow;

describe('assertSpaceWritable', () => {
  it('lets a live space be written', () => {
    expect(() => assertSpaceWritable(space('live'))).not.toThrow();
  });

  it('refuses every write to a locked space, saying how to unlock it', () => {
    expect(() => assertSpaceWritable(space('locked'))).toThrow(/locked.*editMode to "live"/);
  });
});

describe('effectiveRole', () => {
  it('takes the most permissive of the organization role and the applicable levels', () => {
    expect(effectiveRole('read', ['inherit', 'edit', null])).toBe('edit');
    expect(effectiveRole('admin', ['read'])).toBe('admin');
  });

  it('gives guests and non-members nothing from levels', () => {
    expect(effectiveRole(null, ['admin'])).toBeNull();
    expect(effectiveRole(undefined, ['admin'])).toBeUndefined();
  });

  it('raises a role with invited roles, never lowers it, and gives guests only what they were invited with', () => {
    expect(effectiveRole('read', [null], ['edit'])).toBe('edit');
    expect(effectiveRole('admin', [], ['read'])).toBe('admin');
    expect(effectiveRole(null, ['admin'], ['comment', 'read'])).toBe('comment');
    expect(effectiveRole(undefined, [], ['admin'])).toBeUndefined();
  });
});
