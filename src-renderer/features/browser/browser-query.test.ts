import { describe, expect, it } from 'vitest';
import { browserParams, DEFAULT_QUERY, formatBrowserQuery, hasFilters, parseBrowserQuery, toListRequest } from './browser-query';

describe('the Browser query in the address', () => {
  it('keeps only values the list understands', () => {
    const query = parseBrowserQuery(
      new URLSearchParams('type=belief,bogus,belief&tier=grounded&review=none&min=0.2&max=7&sort=sideways&dir=up&q=deploy'),
    );
    expect(query.types).toEqual(['belief']);
    expect(query.tiers).toEqual(['grounded']);
    expect(query.review).toEqual(['none']);
    expect(query.minConfidence).toBe(0.2);
    expect(query.maxConfidence).toBeNull();
    expect(query.sort).toBe(DEFAULT_QUERY.sort);
    expect(query.direction).toBe(DEFAULT_QUERY.direction);
    expect(query.text).toBe('deploy');
  });

  it('writes only what differs from the defaults and reads it back unchanged', () => {
    expect(formatBrowserQuery(DEFAULT_QUERY).toString()).toBe('');
    const query = {
      ...DEFAULT_QUERY,
      types: ['episode' as const, 'note' as const],
      statuses: ['archived' as const],
      sources: ['external' as const],
      minConfidence: 0,
      scope: 'project:x',
      sort: 'confidence' as const,
      direction: 'asc' as const,
    };
    expect(parseBrowserQuery(formatBrowserQuery(query))).toEqual(query);
  });

  it('becomes a memories.list request with the contract filter names', () => {
    const request = toListRequest({
      ...DEFAULT_QUERY,
      types: ['belief'],
      review: ['pending', 'none'],
      maxConfidence: 0.5,
      scope: '  ',
      text: ' deploy ',
    });
    expect(request).toEqual({
      filter: { types: ['belief'], reviewStatuses: ['pending', 'none'], maxConfidence: 0.5, text: 'deploy' },
      sort: 'updated',
      direction: 'desc',
    });
    expect(toListRequest(DEFAULT_QUERY).filter).toEqual({});
  });

  it('lists the past with asOf, leaving out the words (search knows only today)', () => {
    const asOf = '2026-09-01T00:00:00.000Z';
    const query = { ...DEFAULT_QUERY, types: ['belief' as const], text: 'deploy', asOf };
    expect(parseBrowserQuery(formatBrowserQuery(query))).toEqual(query);
    expect(toListRequest(query)).toEqual({ filter: { types: ['belief'] }, sort: 'updated', direction: 'desc', asOf });
  });

  it('tells a filtered list from the whole mind', () => {
    expect(hasFilters(DEFAULT_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_QUERY, sort: 'tier' })).toBe(false);
    expect(hasFilters(parseBrowserQuery(browserParams({ tiers: ['observed'] })))).toBe(true);
  });
});
