import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDollarsAndCents } from '@contracts/money';
import { formatEarningsMonth, type EarningsMonth } from '@contracts/receipts';

const PAID = '#12a150';
const PENDING = '#f59e0b';
const HEIGHT = 260;

/**
 * The earnings chart (uPlot, ADR 056), a lazy chunk of the Payouts page only. Stacked bars: each
 * month's paid and pending total is drawn first in the pending colour, then the paid part over it.
 * The table beside it says the same for screen readers, so the canvas is hidden from them.
 */
export default function EarningsChart({ months }: { months: EarningsMonth[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const labels = months.map((m) => formatEarningsMonth(m.month));
    // The axis has room for the month alone; the year shows on January and the first month.
    const ticks = months.map((m, i) => {
      const [month, year] = formatEarningsMonth(m.month).split(' ');
      return i === 0 || m.month.endsWith('-01')
        ? `${month} ’${(year ?? '').slice(2)}`
        : (month ?? '');
    });
    const dollars = (cents: number) => cents / 100;
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        // Half a slot either side, so the first and last bars are whole.
        scales: {
          x: { time: false, range: [-0.5, months.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
        },
        axes: [
          {
            values: (_u, splits) =>
              splits.map((i) => (Number.isInteger(i) ? (ticks[i] ?? '') : '')),
            space: 40,
            gap: 6,
          },
          {
            values: (_u, splits) => splits.map((v) => formatDollarsAndCents(Math.round(v * 100))),
            size: 72,
          },
        ],
        cursor: { drag: { x: false, y: false } },
        // The legend names the colours; the table below gives the figures.
        legend: { show: true, live: false },
        series: [
          { label: 'Month', value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
          {
            label: 'Pending',
            fill: PENDING,
            stroke: PENDING,
            paths: bars,
            points: { show: false },
            // The bar is paid + pending; the legend names the pending part.
            value: (_u, _v, _s, i) =>
              i === null ? '' : formatDollarsAndCents(months[i]?.pending ?? 0),
          },
          {
            label: 'Paid',
            fill: PAID,
            stroke: PAID,
            paths: bars,
            points: { show: false },
            value: (_u, v) => (v === null ? '' : formatDollarsAndCents(Math.round(v * 100))),
          },
        ],
      },
      [
        months.map((_, i) => i),
        months.map((m) => dollars(m.paid + m.pending)),
        months.map((m) => dollars(m.paid)),
      ],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [months]);
  return <div ref={box} aria-hidden data-testid="earnings-chart" className="w-full" />;
}
