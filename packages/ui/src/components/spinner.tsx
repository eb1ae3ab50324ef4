import { cn } from '../lib/cn';
import { useKitTexts } from './use-kit-texts';

export interface SpinnerProps {
  // Read by screen readers; shown next to the circle when `showLabel` is set. Default: "Loading".
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  // Fill the page area (used while the current user loads).
  page?: boolean;
  className?: string;
}

export function Spinner({
  label,
  showLabel = false,
  size = 'md',
  page = false,
  className,
}: SpinnerProps) {
  const kit = useKitTexts();
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
      <span className={showLabel ? undefined : 'ui-sr-only'}>{label ?? kit.loading}</span>
    </div>
  );
}
