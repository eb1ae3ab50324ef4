import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

// `highlight` marks the good state (e.g. an approved post, SPEC §2 /blog).
export type BadgeVariant = 'default' | 'highlight' | 'warning' | 'destructive' | 'outline';

export function Badge({
  variant = 'default',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span className={cn('ui-badge', `ui-badge--${variant}`, className)} {...props} />;
}
