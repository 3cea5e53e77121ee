import { describe, expect, it } from 'vitest';
import { anchoredWindow, namesTime, readTimeExpressions, withinReading } from './time-expressions';

const NOW = Date.UTC(2024, 2, 15, 12); // Friday 15 March 2024, noon
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const windows = (query: string) => readTimeExpressions(query, NOW).windows.map((w) => [new Date(w.from).toISOString().slice(0, 10), new Date(w.to).toISOString().slice(0, 10)]);

describe('time expressions in a query', () => {
  it('reads a day in the ways people write it, and takes it out of the words', () => {
    for (const query of ['What happened on 8 May 2023?', 'What happened on May 8, 2023?', 'What happened on the 8th of May, 2023?', 'What happened on 2023-05-08?', 'What happened on May 8 2023?']) {
      expect(windows(query)).toEqual([['2023-05-08', '2023-05-09']]);
      expect(readTimeExpressions(query, NOW).rest).not.toMatch(/2023|May/);
    }
    expect(readTimeExpressions('What did Caroline paint on 8 May 2023?', NOW).rest).toBe('What did Caroline paint on ?');
  });

  it('reads months, years and seasons as their whole span', () => {
    expect(windows('Where did Omar travel in May 2023?')).toEqual([['2023-05-01', '2023-06-01']]);
    expect(windows('What did Nadia bake in December of 2022?')).toEqual([['2022-12-01', '2023-01-01']]);
    expect(windows('Which races happened in 2021?')).toEqual([['2021-01-01', '2022-01-01']]);
    expect(windows('Where did they camp in summer 2023?')).toEqual([['2023-06-01', '2023-09-01']]);
  });

  it('reads a month without a year as that month of any year, but not "may" the verb', () => {
    const reading = readTimeExpressions('What did Sven plant in August?', NOW);
    expect(reading.months).toEqual([8]);
    expect(withinReading(reading, day(2019, 8, 30))).toBe(true);
    expect(withinReading(reading, day(2019, 9, 1))).toBe(false);
    expect(namesTime(readTimeExpressions('May I ask what Sven may plant?', NOW))).toBe(true); // a query opening with the month's name
    expect(namesTime(readTimeExpressions('What Sven may plant next', NOW))).toBe(false);
  });

  it('counts relative expressions from now', () => {
    expect(windows('What did I say yesterday?')).toEqual([['2024-03-14', '2024-03-15']]);
    expect(windows('What did we decide today?')).toEqual([['2024-03-15', '2024-03-16']]);
    expect(windows('What happened last week?')).toEqual([['2024-03-02', '2024-03-10']]);
    expect(windows('What happened this month?')).toEqual([['2024-02-15', '2024-03-16']]);
    // 21 days back is 23 February; "weeks ago" is loose by half a week either side.
    expect(windows('What did Omar cook three weeks ago?')).toEqual([['2024-02-19', '2024-02-28']]);
  });

  it('reads "the week after …" as a window relative to the event the rest names', () => {
    const reading = readTimeExpressions('What did Melanie do the week after the charity race?', NOW);
    expect(reading.anchored).toEqual({ relation: 'after', days: 7, anchor: 'the charity race?' });
    expect(reading.rest).toBe('What did Melanie do');
    const after = anchoredWindow(reading.anchored as NonNullable<typeof reading.anchored>, day(2023, 5, 20) + 15 * 3_600_000);
    expect([after.from, after.to]).toEqual([day(2023, 5, 21), day(2023, 5, 28)]);
    const before = readTimeExpressions('What did Omar buy two days before his interview', NOW).anchored;
    expect(before).toEqual({ relation: 'before', days: 2, anchor: 'his interview' });
    const window = anchoredWindow(before as NonNullable<typeof before>, day(2023, 5, 20));
    expect([window.from, window.to]).toEqual([day(2023, 5, 18), day(2023, 5, 20)]);
  });

  it('leaves a query without a time, or with a date that does not exist, as it was', () => {
    for (const query of ['What did Caroline research?', 'Anything on 31 February 2023?', 'version 2023.05 of the API', '']) {
      const reading = readTimeExpressions(query, NOW);
      if (query.includes('February')) expect(reading.windows).toEqual([{ from: day(2023, 2, 1), to: day(2023, 3, 1) }]); // the month stands
      else expect(namesTime(reading)).toBe(false);
    }
  });
});
