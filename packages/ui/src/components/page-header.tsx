import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface PageHeaderProps {
  title: ReactNode;
  // id of the h1, for a section's aria-labelledby.
  titleId?: string;
  description?: ReactNode;
  // Buttons on the right (e.g. "Create Opportunity"); they wrap under the title on phones.
  actions?: ReactNode;
  className?: string;
}

// The one h1 of a page, so every area (shell or remote) starts the same way.
export function PageHeader({ title, titleId, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('ui-page-header', className)}>
      <div className="ui-page-header__text">
        <h1 id={titleId} className="ui-page-header__title">
          {title}
        </h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
