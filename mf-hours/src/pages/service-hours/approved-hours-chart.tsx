import { useT } from '@district/ui';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { continuousMonths, formatHours, formatMonth } from '../../shared/format';

// Only the pieces a bar chart needs (chart.js tree-shakes the rest).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const FALLBACK_COLOUR = '#2563eb';
const BAR_MAX_PX = 48;

export default function ApprovedHoursChart({
  months: withHours,
}: {
  months: ReadonlyArray<{ month: string; hours: number }>;
}) {
  const { t } = useT();
  const months = continuousMonths(withHours);
  // Month names in the language in use ("Mar 2025", "mar 2025").
  const labels = months.map((m) => formatMonth(m.month));
  const primary =
    getComputedStyle(document.documentElement).getPropertyValue('--ui-primary').trim() ||
    FALLBACK_COLOUR;
  const hoursText = (hours: number) => t('hours.chart.hours', { hours: formatHours(hours) });
  return (
    <figure className="goal-chart">
      <div className="goal-chart__canvas">
        <Bar
          aria-hidden="true"
          data={{
            labels,
            datasets: [
              {
                label: t('hours.chart.dataset'),
                data: months.map((m) => m.hours),
                backgroundColor: primary,
                maxBarThickness: BAR_MAX_PX,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: {
              y: {
                beginAtZero: true,
                ticks: { precision: 0, callback: (value) => formatHours(Number(value)) },
              },
            },
            plugins: {
              tooltip: { callbacks: { label: (c) => hoursText(Number(c.raw)) } },
            },
          }}
        />
      </div>
      {/* The same figures as text for screen readers. */}
      <figcaption className="ui-sr-only">
        {t('hours.chart.caption', {
          months: months
            .map((m, i) => ({ ...m, label: labels[i] }))
            .filter((m) => m.hours > 0)
            .map((m) => t('hours.chart.month', { month: m.label, hours: formatHours(m.hours) }))
            .join(', '),
        })}
      </figcaption>
    </figure>
  );
}
