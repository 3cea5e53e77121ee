/**
 * The time control above the views that can show the past (Browser, memory page and its tabs):
 * closed, a "Time travel" button; open, an instant picker; while travelling, a banner naming the
 * instant, saying nothing can be changed, with "Back to now".
 */
import { useState } from 'react';
import { navigate, useRoute } from '../../app/router';
import { dateTime } from '../../components/format';
import { asOfOf, hrefAt, travels } from './as-of';
import { InstantPicker } from './instant-picker';
import './time-travel.css';

export function TimeTravelBar() {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  if (!travels(route)) return null;
  const asOf = asOfOf(route);
  const go = (to: string | null) => {
    setOpen(false);
    navigate(hrefAt(route, to));
  };
  if (asOf === null) {
    return (
      <div className="time-travel time-travel-closed">
        <button type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          Time travel…
        </button>
        {open && <InstantPicker label="See the mind as of" value={null} onChange={go} />}
      </div>
    );
  }
  return (
    <section className="time-travel time-travel-banner" aria-label="Time travel" data-testid="time-travel-banner">
      <div>
        <strong className="time-travel-title" role="status">
          Seeing the mind as of <time dateTime={asOf}>{dateTime(asOf)}</time>
        </strong>
        <p>Read-only: this is how it stood then; changes happen in the present.</p>
      </div>
      <div className="time-travel-controls">
        <button type="button" className="primary" onClick={() => go(null)}>
          Back to now
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          Another date…
        </button>
        {open && <InstantPicker label="See the mind as of" value={asOf} onChange={go} />}
      </div>
    </section>
  );
}
