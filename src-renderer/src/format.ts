import type { Member, Space } from './api/types';

/** How the API's organization roles read in the page; `null` is a guest. */
const ROLE_LABELS: Record<NonNullable<Member['role']>, string> = {
  admin: 'Admin',
  create: 'Creator',
  review: 'Reviewer',
  edit: 'Editor',
  comment: 'Commenter',
  read: 'Reader',
};

export function roleLabel(role: Member['role']): string {
  return role === null ? 'Guest' : ROLE_LABELS[role];
}

/** `1 member`, `3 members`. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? singular : plural}`;
}

/** A day in the reader's locale, e.g. `12 Mar 2025`; an unreadable value is shown as it came. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** Up to two letters for an avatar: from the name's words, else from the email's local part. */
export function initialsOf(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words.at(-1)![0]!).toUpperCase();
  const source = words[0] ?? email.split('@')[0] ?? '';
  return source.slice(0, 2).toUpperCase() || '?';
}

/** How a space's visibility reads. */
const VISIBILITY_LABELS: Record<Space['visibility'], string> = {
  private: 'Private',
  'in-collection': 'Same as its collection',
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Anyone with the link',
  'visitor-auth': 'Visitors who sign in',
};

export function visibilityLabel(visibility: Space['visibility']): string {
  return VISIBILITY_LABELS[visibility] ?? visibility;
}

/**
 * A default level (of a space or collection): the least access every member of the organization gets (guests
 * get nothing from it), none, or inherited from the collections above and the organization.
 */
export function defaultLevelLabel(level: Space['defaultLevel']): string {
  if (level === 'inherit') return 'Inherited';
  if (level === null) return 'No default access';
  return `Members get at least ${roleLabel(level)} access`;
}

/** A title as shown: the API allows an empty one. */
export function titleOrUntitled(title: string, noun: string): string {
  return title.trim() || `Untitled ${noun}`;
}
