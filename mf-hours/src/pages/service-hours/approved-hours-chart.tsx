import { useT } from '@district/ui';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatHours, formatMonth } from '../../shared/format';

// Only the pieces a bar chart needs (chart.js tree-shakes the rest).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const FALLBACK_COLOUR = '#2563eb';

export default function ApprovedHoursChart({
  months,
}: {
  months: ReadonlyArray<{ month: string; hours: number }>;
}) {
  const { t } = useT();
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
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
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
            .map((m, i) =>
              t('hours.chart.month', { month: labels[i], hours: formatHours(m.hours) }),
            )
            .join(', '),
        })}
      </figcaption>
    </figure>
  );
}
