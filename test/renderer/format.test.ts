import { describe, expect, it } from 'vitest';
import {
  countOf,
  defaultLevelLabel,
  formatDate,
  initialsOf,
  roleLabel,
  titleOrUntitled,
  visibilityLabel,
} from '../../src-renderer/src/format';

describe('format', () => {
  it('names every role, and a guest', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('edit')).toBe('Editor');
    expect(roleLabel(null)).toBe('Guest');
  });

  it('says what a space visibility and default level mean', () => {
    expect(visibilityLabel('private')).toBe('Private');
    expect(visibilityLabel('in-collection')).toBe('Same as its collection');
    expect(defaultLevelLabel('inherit')).toBe('Inherited');
    expect(defaultLevelLabel(null)).toBe('No default access');
    expect(defaultLevelLabel('edit')).toBe('Members get at least Editor access');
  });

  it('names an untitled space or collection', () => {
    expect(titleOrUntitled('  ', 'space')).toBe('Untitled space');
    expect(titleOrUntitled('Guides', 'collection')).toBe('Guides');
  });

  it('counts in singular and plural', () => {
    expect(countOf(1, 'member')).toBe('1 member');
    expect(countOf(0, 'team')).toBe('0 teams');
  });

  it('formats a date in the given locale, and leaves an unreadable one alone', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z', 'en-GB')).toBe('12 Mar 2025');
    expect(formatDate('soon')).toBe('soon');
  });

  it('takes initials from the name, else the email', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('AD');
    expect(initialsOf('', 'grace@example.com')).toBe('GR');
    expect(initialsOf('', '')).toBe('?');
  });
});
