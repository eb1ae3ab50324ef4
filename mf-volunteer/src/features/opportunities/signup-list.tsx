import type { SignupEntry } from '@district/contracts';
import { useT } from '@district/ui';
import { useId, useState } from 'react';
import { MoreToggle } from './more-toggle';

// How many names a card shows before "Show all": keeps a card with 40 sign-ups about as short
// on a phone as one with 3 (issue 14.3).
export const SIGNUP_PREVIEW_COUNT = 3;

// Issue 20: a student who hid themselves reaches other students as "A student" (so "A student
// from <school>"); admins and supervisors get the name, marked. One message per shape, so the
// language orders name and school itself.
function useSignupLabel() {
  const { t } = useT();
  return (s: SignupEntry) => {
    // Issue 33: "Un estudiante de …", not "A student de …".
    if (s.anonymous)
      return s.school
        ? t('volunteer.signups.anonymousFromSchool', { school: s.school })
        : t('volunteer.signups.anonymous');
    return s.school
      ? t(s.hidden ? 'volunteer.signups.fromSchoolHidden' : 'volunteer.signups.fromSchool', {
          name: s.name,
          school: s.school,
        })
      : t(s.hidden ? 'volunteer.signups.nameHidden' : 'volunteer.signups.name', { name: s.name });
  };
}

// The entries a collapsed card shows: the first few, and the viewer's own wherever it is.
function previewSignups(signups: SignupEntry[], isMine: (s: SignupEntry) => boolean) {
  return signups.filter((s, index) => index < SIGNUP_PREVIEW_COUNT || isMine(s));
}

// The spec's list of "name from school" (your own in bold; the header's "Signed up" badge says
// it in words), collapsed to a preview with a disclosure button.
export function SignupList({
  signups,
  isMine,
}: {
  signups: SignupEntry[];
  isMine: (s: SignupEntry) => boolean;
}) {
  const { t } = useT();
  const label = useSignupLabel();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? signups : previewSignups(signups, isMine);
  const hidden = signups.length - shown.length;
  return (
    <>
      <ul className="opportunity__people" id={listId}>
        {shown.map((s, index) => (
          <li key={index} className={isMine(s) ? 'opportunity__person--you' : undefined}>
            {label(s)}
          </li>
        ))}
      </ul>
      {expanded || hidden > 0 ? (
        <MoreToggle
          expanded={expanded}
          controls={listId}
          onToggle={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('volunteer.signups.showFewer')
            : t('volunteer.signups.showAll', { count: signups.length })}
        </MoreToggle>
      ) : null}
    </>
  );
}
