/**
 * Instants as the time controls handle them: presets counted back from now, and the local
 * "date and time" text a `datetime-local` input speaks, to and from the ISO the routes carry.
 */
const DAY_MS = 86_400_000;

export const INSTANT_PRESETS = [
  { label: '1 day ago', days: 1 },
  { label: '1 week ago', days: 7 },
  { label: '1 month ago', days: 30 },
  { label: '3 months ago', days: 91 },
  { label: '1 year ago', days: 365 },
] as const;

/** `days` before `now`, to the second (a link stays short and reads well). */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(Math.floor((now - days * DAY_MS) / 1000) * 1000).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as `YYYY-MM-DDTHH:mm:ss` in the local time zone (what `datetime-local` shows). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A `datetime-local` value (local time) as ISO; null for an empty or incomplete one. */
export function fromLocalInput(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  // Without a zone designator a date-time string is read as local time.
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
