/**
 * Time travel's state lives in the address: `?asOf=ISO` on the Browser and memory routes. Every
 * link drawn while travelling carries it, so the whole walk stays in the past until "Back to now".
 */
import { formatRoute, hrefOf, readAsOf, type Route, useRoute } from '../../app/router';

/** The instant a route shows the mind at; null for now (and for views that only show now). */
export function asOfOf(route: Route): string | null {
  if (route.view === 'memory') return route.asOf;
  if (route.view === 'browser') return readAsOf(route.query);
  return null;
}

export function useAsOf(): string | null {
  return asOfOf(useRoute());
}

/** Whether a view can show the past. */
export const travels = (route: Route): boolean => route.view === 'memory' || route.view === 'browser';

/** The same view at another instant (null: now). */
export function hrefAt(route: Route, asOf: string | null): string {
  if (route.view === 'memory') return hrefOf.memory(route.id, route.tab, asOf);
  if (route.view === 'browser') {
    const query = new URLSearchParams(route.query);
    if (asOf === null) query.delete('asOf');
    else query.set('asOf', asOf);
    return hrefOf.browser(query);
  }
  return formatRoute(route);
}
