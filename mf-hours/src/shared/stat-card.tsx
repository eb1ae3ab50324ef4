import { Card } from '@district/ui';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: string;
  // Lets tests and assistive tech find a card by its label.
  testId?: string;
}

export function StatCard({ label, value, hint, testId }: StatCardProps) {
  return (
    <Card className="hours-stat" role="group" aria-label={label} data-testid={testId}>
      <p className="hours-stat__label">{label}</p>
      <p className="hours-stat__value">{value}</p>
      {hint ? <p className="hours-stat__hint">{hint}</p> : null}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="hours-stats">{children}</div>;
}
