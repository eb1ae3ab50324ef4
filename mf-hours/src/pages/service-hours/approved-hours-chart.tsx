import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatHours } from '../../shared/format';

// Only the pieces a bar chart needs (chart.js tree-shakes the rest).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

export default function ApprovedHoursChart({
  months,
}: {
  months: ReadonlyArray<{ month: string; hours: number }>;
}) {
  const labels = months.map((m) => monthLabel(m.month));
  const primary =
    getComputedStyle(document.documentElement).getPropertyValue('--ui-primary').trim() || '#2563eb';
  return (
    <figure className="goal-chart">
      <div className="goal-chart__canvas">
        <Bar
          aria-hidden="true"
          data={{
            labels,
            datasets: [
              {
                label: 'Approved hours',
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
              tooltip: { callbacks: { label: (c) => `${formatHours(Number(c.raw))} hours` } },
            },
          }}
        />
      </div>
      {/* The same figures as text for screen readers. */}
      <figcaption className="ui-sr-only">
        Approved hours by month:{' '}
        {months.map((m, i) => `${labels[i]} ${formatHours(m.hours)} hours`).join(', ')}
      </figcaption>
    </figure>
  );
}
