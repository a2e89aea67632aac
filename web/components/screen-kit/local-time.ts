// A datetime-local field shows and takes the browser's local time; the API stores UTC instants (ISO).

/** `yyyy-MM-ddTHH:mm` in the browser's zone: the value a datetime-local field shows for a stored UTC time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as the UTC ISO string the API stores; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The browser's time zone, e.g. 'Europe/Berlin': the zone these fields show and read, named beside them. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `yyyy-MM-dd` of a day in the browser's zone: a date field's value (or its `min`). */
export function toLocalDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last second of a date field's day in the browser's zone, as UTC ISO; null when empty or invalid. */
export function endOfLocalDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * What is wrong with a time that must lie ahead (an expiry): 'invalid' for a value that names no time, 'past' for
 * one not after `now`; null when it is fine or empty. The server checks again; this puts the error by the field.
 */
export function futureProblem(value: string, parse: (value: string) => string | null, now = Date.now()) {
  if (!value) return null;
  const iso = parse(value);
  if (!iso) return 'invalid' as const;
  return Date.parse(iso) <= now ? ('past' as const) : null;
}
