import type { Member } from './api/types';

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
