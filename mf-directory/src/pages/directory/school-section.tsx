import * as Collapsible from '@radix-ui/react-collapsible';
import { EMPTY_TEXTS } from '@district/contracts';
import { Button } from '@district/ui';
import { memo, useId, useState } from 'react';
import type { GradeGroup, SchoolGroup } from './directory-index.util';
import { ChevronIcon } from './icons';
import { StudentCard } from './student-card';

// Cards drawn at first per grade; the rest on request, so opening a big school stays quick.
export const GRADE_PAGE_SIZE = 60;

export interface CardContext {
  meId: number | undefined;
  isAdmin: boolean;
}

interface SchoolSectionProps {
  group: SchoolGroup;
  open: boolean;
  onOpenChange: (school: string, open: boolean) => void;
  cards: CardContext;
}

function countLabel(n: number): string {
  return `${n} ${n === 1 ? 'student' : 'students'}`;
}

// One school: collapsed by default (SPEC §2); its content is only rendered while open.
export const SchoolSection = memo(function SchoolSection({
  group,
  open,
  onOpenChange,
  cards,
}: SchoolSectionProps) {
  const headingId = useId();
  return (
    <Collapsible.Root asChild open={open} onOpenChange={(next) => onOpenChange(group.school, next)}>
      <section className="ui-card dir-school" aria-labelledby={headingId}>
        <h2 className="dir-school__heading" id={headingId}>
          <Collapsible.Trigger className="dir-toggle dir-toggle--school">
            <ChevronIcon className="dir-toggle__chevron" />
            <span className="dir-toggle__label">{group.school}</span>
            <span className="dir-toggle__count">{countLabel(group.count)}</span>
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="dir-school__content">
          {group.count === 0 ? (
            <p className="dir-empty">{EMPTY_TEXTS.schoolStudents}</p>
          ) : (
            group.grades.map((grade) => (
              <GradeSection key={grade.grade} school={group.school} grade={grade} cards={cards} />
            ))
          )}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
});

// One grade inside a school: expanded by default (SPEC §2).
function GradeSection({
  school,
  grade,
  cards,
}: {
  school: string;
  grade: GradeGroup;
  cards: CardContext;
}) {
  const [open, setOpen] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const shown = showAll ? grade.users : grade.users.slice(0, GRADE_PAGE_SIZE);
  const hidden = grade.users.length - shown.length;
  return (
    <Collapsible.Root asChild open={open} onOpenChange={setOpen}>
      <div className="dir-grade" role="group" aria-labelledby={headingId}>
        <h3 className="dir-grade__heading" id={headingId}>
          <Collapsible.Trigger className="dir-toggle dir-toggle--grade">
            <ChevronIcon className="dir-toggle__chevron" />
            <span className="dir-toggle__label">
              Grade {grade.grade}
              <span className="ui-sr-only"> at {school}</span>
            </span>
            <span className="dir-toggle__count">{countLabel(grade.users.length)}</span>
          </Collapsible.Trigger>
        </h3>
        <Collapsible.Content>
          <ul className="dir-cards">
            {shown.map((user) => (
              <StudentCard
                key={user.id}
                user={user}
                isMe={user.id === cards.meId}
                adminControls={cards.isAdmin && user.id !== cards.meId}
              />
            ))}
          </ul>
          {hidden > 0 ? (
            <Button
              variant="outline"
              size="sm"
              className="dir-more"
              onClick={() => setShowAll(true)}
            >
              Show {hidden} more in grade {grade.grade}
            </Button>
          ) : null}
        </Collapsible.Content>
      </div>
    </Collapsible.Root>
  );
}
