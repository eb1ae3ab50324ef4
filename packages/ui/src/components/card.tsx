import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { cn } from '../lib/cn';
import type { IconProps } from '../lib/icons';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-card__header', className)} {...props} />;
}

type HeadingLevel = 'h1' | 'h2' | 'h3' | 'h4';

export function CardTitle({
  as: Heading = 'h2',
  className,
  ...props
}: ComponentProps<'h2'> & { as?: HeadingLevel }) {
  return <Heading className={cn('ui-card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('ui-card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-card__content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-card__footer', className)} {...props} />;
}

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
