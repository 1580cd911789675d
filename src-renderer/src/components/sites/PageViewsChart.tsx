import { useId } from 'react';
import { useStore } from 'zustand';
import { countOf } from '../../format';
import { CHART_DAYS, type DayViews } from './sites-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';

// The drawing's own units; the SVG scales to the panel's width.
const WIDTH = 600;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 24;
const LEFT = 36;
const GAP = 3;

/** A day as the chart says it: `12 Mar` (the day is UTC's, as the server counts). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Page views per day over the last 30 days, from the site's insights. */
export function PageViewsSection() {
  const { sites } = useAppStores();
  const load = useStore(sites, (state) => state.pageViews);

  return (
    <section className="section site-panel" aria-labelledby="site-views-title">
      <h2 id="site-views-title">Page views</h2>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading page views…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void sites.getState().loadPageViews()}>
          Could not load page views: {load.message}
        </StatusMessage>
      ) : load.value.every((d) => d.views === 0) ? (
        <StatusMessage kind="empty" title="No page views yet">
          Nobody has viewed this site’s pages in the last {CHART_DAYS} days. Views appear here as visitors read the published site.
        </StatusMessage>
      ) : (
        <PageViewsChart days={load.value} />
      )}
    </section>
  );
}

/** Bars for the days, with a text summary for screen readers and the numbers as a table on request. */
export function PageViewsChart({ days }: { days: DayViews[] }) {
  const titleId = useId();
  const descId = useId();
  const total = days.reduce((sum, d) => sum + d.views, 0);
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best), days[0]!);
  const max = Math.max(1, busiest.views);
  const slot = (WIDTH - LEFT) / days.length;
  const plot = HEIGHT - TOP - BOTTOM;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);

  return (
    <figure className="views-chart">
      <svg className="views-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Page views per day, last {CHART_DAYS} days</title>
        <desc id={descId}>
          {countOf(total, 'view')} in all; the busiest day was {dayLabel(busiest.day)} with {countOf(busiest.views, 'view')}.
        </desc>
        <line className="views-chart__grid" x1={LEFT} x2={WIDTH} y1={TOP} y2={TOP} />
        <text className="views-chart__axis" x={LEFT - 6} y={TOP + 4} textAnchor="end">
          {max}
        </text>
        <line className="views-chart__baseline" x1={LEFT} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} />
        <text className="views-chart__axis" x={LEFT - 6} y={TOP + plot + 4} textAnchor="end">
          0
        </text>
        {days.map((d, i) => {
          const height = (d.views / max) * plot;
          const x = LEFT + i * slot + GAP / 2;
          return (
            <g key={d.day}>
              {/* A hairline even for 0, so every day has its place. */}
              <rect className="views-chart__bar" x={x} y={TOP + plot - Math.max(height, 1)} width={slot - GAP} height={Math.max(height, 1)}>
                <title>
                  {dayLabel(d.day)}: {countOf(d.views, 'view')}
                </title>
              </rect>
              {labelled.has(i) && (
                <text className="views-chart__axis" x={x + (slot - GAP) / 2} y={HEIGHT - 6} textAnchor="middle">
                  {dayLabel(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="hint">
        {countOf(total, 'page view')} in the last {CHART_DAYS} days (days in UTC).
      </figcaption>
      <details className="views-chart__table">
        <summary>Show the numbers</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.views > 0)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayLabel(d.day)}</th>
                  <td>{d.views.toLocaleString()}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
