import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface StackTableProps {
  headings: string[];
  caption?: ReactNode;
  captionClassName?: string;
  // The table's own class; the box around it always has the kit's ui-table-stack.
  className?: string;
  boxClassName?: string;
  // A wide table scrolls inside its box, not the page: the box is then a named, focusable region
  // so the keyboard can scroll it.
  regionLabel?: string;
  // The rows: a <tbody role="rowgroup"> whose cells carry data-label={heading}.
  children: ReactNode;
}

// A table that stacks on phones (the kit's ui-table-stack): each row becomes "heading  value"
// lines. Roles are spelled out because display: block drops table semantics in some browsers.
export function StackTable({
  headings,
  caption,
  captionClassName,
  className,
  boxClassName,
  regionLabel,
  children,
}: StackTableProps) {
  const region = regionLabel
    ? ({ role: 'region', 'aria-label': regionLabel, tabIndex: 0 } as const)
    : {};
  return (
    <div className={cn(boxClassName, 'ui-table-stack')} {...region}>
      <table className={className} role="table">
        {caption ? <caption className={captionClassName}>{caption}</caption> : null}
        <thead role="rowgroup">
          <tr role="row">
            {headings.map((heading) => (
              <th key={heading} scope="col" role="columnheader">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
