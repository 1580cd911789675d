/** A moment in the reader's locale, e.g. `12 Mar 2026, 15:04`; an unreadable value is shown as it came. */
export function dateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
