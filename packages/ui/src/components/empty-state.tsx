import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('ui-empty', className)}>
      {icon}
      {title ? <p className="ui-empty__title">{title}</p> : null}
      {description ? <p>{description}</p> : null}
      {action}
    </div>
  );
}
