/** Steps for "5 minutes ago": the largest unit that fits, up to a week; older dates read as a day. */
const STEPS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

/** `just now`, `5 minutes ago`, `yesterday`, `3 days ago`, then `12 Mar 2025`; an unreadable value as it came. */
export function relativeTime(iso: string, now = Date.now(), locale?: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  if (Math.abs(seconds) >= 7 * 86_400) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const step = STEPS.find((s) => Math.abs(seconds) >= s.seconds) ?? STEPS.at(-1)!;
  return format.format(Math.round(seconds / step.seconds), step.unit);
}

/** The full date and time, for a tooltip beside the relative one. */
export function fullTime(iso: string, locale?: string): string {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
