import type { ComponentType, ReactNode } from 'react';
import type { IconProps } from '../lib/icons';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

// Its own module, not card.tsx: the pages using it are lazily loaded, and so it stays out of
// the sign-in screen's first load.
export interface StatusCardProps {
  // A round status mark above the title: what happened at a glance.
  icon?: ComponentType<IconProps>;
  tone?: 'info' | 'success' | 'error';
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

// The one card of a page that says where the user stands (the shell's signed-out pages: forgot and
// reset password, guardian consent, 404): the page's h1, what it says, then content and links.
export function StatusCard({
  icon: Icon,
  tone = 'info',
  title,
  description,
  children,
  footer,
}: StatusCardProps) {
  return (
    <Card className="ui-status-card">
      <CardHeader>
        {Icon ? (
          <span className={`ui-status-icon ui-status-icon--${tone}`}>
            <Icon size="lg" />
          </span>
        ) : null}
        <CardTitle as="h1">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
      {footer ? <CardFooter>{footer}</CardFooter> : null}
    </Card>
  );
}
