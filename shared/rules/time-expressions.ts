/**
 * When a question is about: the dates, months, years and relative expressions in a query, turned
 * into windows of time recall can match against when each turn was said. Pure: the caller gives
 * "now" (relative expressions count from it). Times are UTC epoch milliseconds; a window is
 * half-open, [from, to).
 *
 * Recognized: "8 May 2023", "May 8, 2023", "8th of May, 2023", "2023-05-08", "May 2023", "May"
 * (that month of any year), "2023", "summer 2023", "yesterday", "today", "last week|month|year",
 * "this week|month|year", "N days|weeks|months ago"; and "the day|week|month after|before …",
 * whose anchor (the words after it) says which event the window is relative to.
 */

const DAY_MS = 86_400_000;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_PATTERN = `(${MONTHS.map((m) => `${m}|${m.slice(0, 3)}`).join('|')}|sept)\\.?`;
const SEASONS: Record<string, [startMonth: number, months: number]> = { spring: [2, 3], summer: [5, 3], autumn: [8, 3], fall: [8, 3], winter: [11, 3] };
const UNITS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, fortnight: 14, month: 30, months: 30, year: 365, years: 365 };
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, couple: 2, few: 3 };

export interface TimeWindow {
  from: number;
  to: number;
}

/** A window relative to an event the query names: "the week after the bake sale". */
export interface AnchoredWindow {
  relation: 'after' | 'before';
  /** Length of the window in days. */
  days: number;
  /** The words that name the event. */
  anchor: string;
}

export interface TimeReading {
  /** Absolute windows the query names (any of them). */
  windows: TimeWindow[];
  /** Months named without a year (1–12): that month of any year. */
  months: number[];
  anchored: AnchoredWindow | null;
  /** The query with the time expressions taken out: what is left to match by words. */
  rest: string;
}

const monthIndex = (name: string): number => {
  const key = name.toLowerCase().replace('.', '');
  return key === 'sept' ? 8 : MONTHS.findIndex((m) => m === key || m.slice(0, 3) === key);
};

const utc = (year: number, month: number, day = 1) => Date.UTC(year, month, day);
const dayWindow = (year: number, month: number, day: number): TimeWindow => ({ from: utc(year, month, day), to: utc(year, month, day + 1) });
const monthWindow = (year: number, month: number, months = 1): TimeWindow => ({ from: utc(year, month), to: utc(year, month + months) });
const validDay = (year: number, month: number, day: number) => month >= 0 && month < 12 && day >= 1 && new Date(utc(year, month, day)).getUTCMonth() === month;
const startOfDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

interface Rule {
  pattern: RegExp;
  read(match: RegExpExecArray, now: number, into: TimeReading): boolean;
}

const YEAR = '((?:19|20)\\d\\d)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

/** Tried in order; each match is cut out of the text before the next rule looks, so "8 May 2023" is not also "May 2023". */
const RULES: Rule[] = [
  {
    // "the week after …", "the day before …", "two weeks after …"
    pattern: new RegExp(`\\b(?:the\\s+)?(?:(\\d+|${Object.keys(NUMBER_WORDS).join('|')})\\s+)?(day|days|week|weeks|fortnight|month|months)\\s+(after|before|following|prior to)\\s+(.+)$`, 'i'),
    read(m, _now, into) {
      const count = m[1] === undefined ? 1 : (NUMBER_WORDS[m[1].toLowerCase()] ?? Number(m[1]));
      const relation = /after|following/i.test(m[3] as string) ? 'after' : 'before';
      into.anchored = { relation, days: count * (UNITS[(m[2] as string).toLowerCase()] ?? 1), anchor: (m[4] as string).trim() };
      return true;
    },
  },
  {
    pattern: new RegExp(`\\b${YEAR}-(\\d\\d)-(\\d\\d)\\b`, 'i'),
    read(m, _now, into) {
      const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
      if (!validDay(year, month, day)) return false;
      into.windows.push(dayWindow(year, month, day));
      return true;
    },
  },
  {
    pattern: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH_PATTERN},?\\s+${YEAR}\\b`, 'i'),
    read: (m, _now, into) => pushDay(into, Number(m[3]), monthIndex(m[2] as string), Number(m[1])),
  },
  {
    pattern: new RegExp(`\\b${MONTH_PATTERN}\\s+${DAY},?\\s+${YEAR}\\b`, 'i'),
    read: (m, _now, into) => pushDay(into, Number(m[3]), monthIndex(m[1] as string), Number(m[2])),
  },
  {
    pattern: new RegExp(`\\b(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR}\\b`, 'i'),
    read(m, _now, into) {
      const [start, months] = SEASONS[(m[1] as string).toLowerCase()] as [number, number];
      into.windows.push(monthWindow(Number(m[2]), start, months));
      return true;
    },
  },
  {
    pattern: new RegExp(`\\b${MONTH_PATTERN},?\\s+(?:of\\s+)?${YEAR}\\b`, 'i'),
    read(m, _now, into) {
      into.windows.push(monthWindow(Number(m[2]), monthIndex(m[1] as string)));
      return true;
    },
  },
  {
    pattern: /\b(yesterday|today|tonight)\b/i,
    read(m, now, into) {
      const today = startOfDay(now);
      const from = /yesterday/i.test(m[1] as string) ? today - DAY_MS : today;
      into.windows.push({ from, to: from + DAY_MS });
      return true;
    },
  },
  {
    pattern: new RegExp(`\\b(\\d+|${Object.keys(NUMBER_WORDS).join('|')})\\s+(days|weeks|months|years|day|week|month|year)\\s+ago\\b`, 'i'),
    read(m, now, into) {
      const count = NUMBER_WORDS[(m[1] as string).toLowerCase()] ?? Number(m[1]);
      const days = UNITS[(m[2] as string).toLowerCase()] ?? 1;
      const centre = startOfDay(now) - count * days * DAY_MS;
      // "three weeks ago" is loose: a window of the unit around the day it points at.
      const half = Math.max(1, Math.round(days / 2)) * DAY_MS;
      into.windows.push({ from: centre - half, to: centre + half + DAY_MS });
      return true;
    },
  },
  {
    pattern: /\b(last|past|previous|this)\s+(week|month|year)\b/i,
    read(m, now, into) {
      const days = UNITS[(m[2] as string).toLowerCase()] ?? 7;
      const end = startOfDay(now) + DAY_MS;
      into.windows.push(/this/i.test(m[1] as string) ? { from: end - days * DAY_MS, to: end } : { from: end - 2 * days * DAY_MS, to: end - days * DAY_MS + DAY_MS });
      return true;
    },
  },
  {
    // A month alone ("in May", "during August"): that month of any year. Needs a preposition or
    // the start, so "may" the verb is not read as the month.
    pattern: new RegExp(`(?:\\b(?:in|during|of|since|until|early|late|mid)\\s+|^)${MONTH_PATTERN}\\b`, 'i'),
    read(m, _now, into) {
      into.months.push(monthIndex(m[1] as string) + 1);
      return true;
    },
  },
  {
    pattern: new RegExp(`\\b(?:in|during|of|since)\\s+${YEAR}\\b`, 'i'),
    read(m, _now, into) {
      into.windows.push(monthWindow(Number(m[1]), 0, 12));
      return true;
    },
  },
];

function pushDay(into: TimeReading, year: number, month: number, day: number): boolean {
  if (!validDay(year, month, day)) return false;
  into.windows.push(dayWindow(year, month, day));
  return true;
}

/** Reads the time expressions of a query (at most a few: a question names one or two times). */
export function readTimeExpressions(query: string, now: number): TimeReading {
  const reading: TimeReading = { windows: [], months: [], anchored: null, rest: query };
  for (const rule of RULES) {
    for (let tries = 0; tries < 3; tries++) {
      const match = rule.pattern.exec(reading.rest);
      if (match === null) break;
      const taken = rule.read(match, now, reading);
      if (!taken) break;
      reading.rest = `${reading.rest.slice(0, match.index)} ${reading.rest.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();
    }
  }
  return reading;
}

/** Whether the reading names any time at all. */
export function namesTime(reading: TimeReading): boolean {
  return reading.windows.length > 0 || reading.months.length > 0 || reading.anchored !== null;
}

/** Whether an instant falls in what the reading names (its windows, or its months of any year). */
export function withinReading(reading: Pick<TimeReading, 'windows' | 'months'>, at: number): boolean {
  if (reading.windows.some((w) => at >= w.from && at < w.to)) return true;
  return reading.months.includes(new Date(at).getUTCMonth() + 1);
}

/** The window an anchored expression names once its event's time is known. */
export function anchoredWindow(anchored: AnchoredWindow, eventAt: number): TimeWindow {
  const day = startOfDay(eventAt);
  return anchored.relation === 'after'
    ? { from: day + DAY_MS, to: day + (anchored.days + 1) * DAY_MS }
    : { from: day - anchored.days * DAY_MS, to: day };
}
