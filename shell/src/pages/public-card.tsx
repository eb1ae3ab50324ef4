import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  useT,
  type IconProps,
} from '@district/ui';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PublicCardProps {
  // A round status mark above the title: what happened at a glance.
  icon?: ComponentType<IconProps>;
  tone?: 'info' | 'success' | 'error';
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

// The one card of a signed-out page (forgot/reset password, guardian consent, 404): the page's
// h1, what it says, then its content and links.
export function PublicCard({
  icon: Icon,
  tone = 'info',
  title,
  description,
  children,
  footer,
}: PublicCardProps) {
  return (
    <Card className="narrow-card">
      <CardHeader>
        {Icon ? (
          <span className={`status-icon status-icon--${tone}`}>
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

// The footer link of the password pages.
export function BackToLogin() {
  const { t } = useT();
  return (
    <Link to="/auth" className="text-link">
      {t('shell.common.backToLogin')}
    </Link>
  );
}
