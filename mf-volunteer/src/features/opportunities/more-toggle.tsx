import { Button } from '@district/ui';
import type { ReactNode } from 'react';

// The disclosure button under a list a card shows in part ("Show all 6 dates" / "Show fewer"):
// it says whether the list is open and which list it opens.
export function MoreToggle({
  expanded,
  controls,
  onToggle,
  children,
}: {
  expanded: boolean;
  controls: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="link"
      size="sm"
      className="opportunity__more"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </Button>
  );
}
