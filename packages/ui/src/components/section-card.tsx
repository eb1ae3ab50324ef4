import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';

export interface SectionCardProps {
  // id of the h2, which names the region for assistive tech.
  titleId: string;
  title: ReactNode;
  // Beside the title in the header (a description, a download link).
  header?: ReactNode;
  className?: string;
  headerClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}

// A card that is one landmark of a page: a region named by its h2 title, then its content.
export function SectionCard({
  titleId,
  title,
  header,
  className,
  headerClassName,
  contentClassName,
  children,
}: SectionCardProps) {
  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader className={headerClassName}>
        <CardTitle as="h2" id={titleId}>
          {title}
        </CardTitle>
        {header}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
