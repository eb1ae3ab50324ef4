import { cn } from '../lib/cn';

export interface SpinnerProps {
  // Read by screen readers; shown next to the circle when `showLabel` is set.
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  // Fill the page area (used while the current user loads).
  page?: boolean;
  className?: string;
}

export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  page = false,
  className,
}: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'ui-spinner',
        size !== 'md' && `ui-spinner--${size}`,
        page && 'ui-spinner--page',
        className,
      )}
    >
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className={showLabel ? undefined : 'ui-sr-only'}>{label}</span>
    </div>
  );
}
