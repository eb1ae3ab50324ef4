import { ChevronRightIcon, useT } from '@district/ui';
import * as Collapsible from '@radix-ui/react-collapsible';
import { OTHER_SCHOOL } from '@district/contracts';
import { memo, useId } from 'react';
import type { SchoolGroup } from './directory-index.util';
import { SchoolRows } from './school-rows';

export interface CardContext {
  // Issue 20: peers' rows carry no id, so "You" is found by the opaque ref.
  meRef: string | undefined;
  isAdmin: boolean;
}

interface SchoolSectionProps {
  group: SchoolGroup;
  open: boolean;
  onOpenChange: (school: string, open: boolean) => void;
  cards: CardContext;
}

// One school: collapsed by default (SPEC §2); its content is only rendered while open.
export const SchoolSection = memo(function SchoolSection({
  group,
  open,
  onOpenChange,
  cards,
}: SchoolSectionProps) {
  const { t, m } = useT();
  const headingId = useId();
  return (
    <Collapsible.Root asChild open={open} onOpenChange={(next) => onOpenChange(group.school, next)}>
      <section className="ui-card dir-school" aria-labelledby={headingId}>
        <h2 className="dir-school__heading" id={headingId}>
          <Collapsible.Trigger className="dir-toggle dir-toggle--school">
            <ChevronRightIcon size="sm" className="dir-toggle__chevron" />
            <span className="dir-toggle__label">
              {group.school === OTHER_SCHOOL ? t('directory.school.other') : group.school}
            </span>
            <span className="dir-toggle__count">
              {t('directory.count.students', { count: group.count })}
            </span>
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="dir-school__content">
          {group.count === 0 ? (
            <p className="dir-empty">{m.empty.schoolStudents}</p>
          ) : (
            <SchoolRows school={group.school} grades={group.grades} cards={cards} />
          )}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
});
