import {
  OTHER_SCHOOL,
  isSchoolName,
  type DirectoryUser,
  type SchoolName,
} from '@district/contracts';
import { AlertDialog, Avatar, Badge, Button, TrashIcon, useT } from '@district/ui';
import { memo, useState } from 'react';
import { formatHours } from './directory-index.util';
import { useChangeRoles, useChangeSchool, useDeleteUser } from './directory.queries';
import { SchoolPicker } from './school-picker';

// Between grade and hours, for the eye only (a screen reader pauses on the markup anyway).
const SEPARATOR = ' · ';

// Issue 20: only admins and supervisors receive ids; the admin controls act on them.
type StaffRow = DirectoryUser & { id: number };
const staffRow = (user: DirectoryUser): StaffRow | null =>
  user.id === undefined ? null : (user as StaffRow);

export interface StudentCardProps {
  user: DirectoryUser;
  // Admins on other users' cards (SPEC §2): move to another school, delete.
  adminControls: boolean;
  isMe: boolean;
}

// Memoised: a keystroke re-renders the groups, not the hundreds of unchanged cards inside them.
export const StudentCard = memo(function StudentCard({
  user,
  adminControls,
  isMe,
}: StudentCardProps) {
  // Memoised, but a language switch still re-renders it: useT subscribes to the language.
  const { t } = useT();
  const editable = adminControls ? staffRow(user) : null;
  return (
    <li className="ui-card dir-card" data-user-ref={user.ref}>
      <div className="dir-card__main">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="dir-card__text">
          <p className="dir-card__name">{user.name}</p>
          <p className="dir-card__meta">
            {t('directory.card.grade', { grade: user.grade })}
            <span aria-hidden="true">{SEPARATOR}</span>
            <span className="dir-card__hours">{formatHours(user.serviceHours)}</span>
          </p>
          <RoleBadges user={user} isMe={isMe} />
        </div>
      </div>
      {editable ? (
        <div className="dir-card__admin">
          <SchoolChange user={editable} />
          <RoleControl user={editable} />
          <DeleteUser user={editable} />
        </div>
      ) : null}
    </li>
  );
});

// Everyone sees who can review hours or administer; admins change them with RoleControl.
function RoleBadges({ user, isMe }: { user: DirectoryUser; isMe: boolean }) {
  const { t } = useT();
  if (!user.isAdmin && !user.isSupervisor && !isMe && !user.hidden) return null;
  return (
    <p className="dir-card__badges">
      {isMe ? <Badge variant="outline">{t('directory.badge.you')}</Badge> : null}
      {/* Issue 20: only admins and supervisors receive hidden students, marked. */}
      {user.hidden ? (
        <Badge variant="outline" title={t('directory.badge.hiddenTitle')}>
          {t('directory.badge.hidden')}
        </Badge>
      ) : null}
      {user.isAdmin ? <Badge variant="highlight">{t('directory.badge.admin')}</Badge> : null}
      {user.isSupervisor ? <Badge>{t('directory.badge.supervisor')}</Badge> : null}
    </p>
  );
}

// Choosing a school only proposes the move; the explicit Confirm makes it (SPEC §2). Success or
// failure, the confirmation closes (SPEC §8 "Failed to update user school").
function SchoolChange({ user }: { user: StaffRow }) {
  const { t } = useT();
  const [choice, setChoice] = useState<SchoolName | null>(null);
  const change = useChangeSchool();
  const current = isSchoolName(user.school) ? user.school : null;
  const confirm = () => {
    if (!choice) return;
    change.mutate({ id: user.id, school: choice }, { onSettled: () => setChoice(null) });
  };
  return (
    <div className="dir-school-change">
      <SchoolPicker
        id={`school-of-${user.id}`}
        label={t('directory.school.label', { name: user.name })}
        value={choice ?? current ?? ''}
        placeholder={user.school === OTHER_SCHOOL ? t('directory.school.choose') : user.school}
        onValueChange={(value) =>
          setChoice(value === current || !isSchoolName(value) ? null : value)
        }
        disabled={change.isPending}
      />
      {choice ? (
        <div className="dir-school-change__confirm">
          <Button
            size="sm"
            onClick={confirm}
            disabled={change.isPending}
            aria-label={t('directory.school.confirmLabel', { name: user.name, school: choice })}
          >
            {t('directory.confirm')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setChoice(null)}
            disabled={change.isPending}
          >
            {t('directory.cancel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type RoleChange = { role: 'supervisor' | 'admin'; grant: boolean };

// Issue 9: grant or revoke a role, each after a confirmation. Only on other users' cards, so an
// admin never sees a control that would remove their own rights.
function RoleControl({ user }: { user: StaffRow }) {
  const { t } = useT();
  const [pending, setPending] = useState<RoleChange | null>(null);
  // What the dialog shows: kept while it animates closed, so its text does not blank out.
  const [shown, setShown] = useState<RoleChange>({ role: 'supervisor', grant: true });
  const change = useChangeRoles();
  const ask = (option: RoleChange) => {
    setShown(option);
    setPending(option);
  };
  const options: RoleChange[] = [
    { role: 'supervisor', grant: !user.isSupervisor },
    { role: 'admin', grant: !user.isAdmin },
  ];
  const labelOf = ({ role, grant }: RoleChange) =>
    t('directory.roles.action', { role, grant: grant ? 'yes' : 'no' });
  const { name } = user;
  const confirm = () => {
    if (!pending) return;
    const roles =
      pending.role === 'admin' ? { isAdmin: pending.grant } : { isSupervisor: pending.grant };
    change.mutate({ id: user.id, roles });
  };
  return (
    <div
      className="dir-role-control"
      role="group"
      aria-label={t('directory.roles.label', { name })}
    >
      {options.map((option) => (
        <Button
          key={option.role}
          size="sm"
          variant="outline"
          onClick={() => ask(option)}
          disabled={change.isPending}
          aria-label={t('directory.roles.actionFor', { action: labelOf(option), name })}
        >
          {labelOf(option)}
        </Button>
      ))}
      <AlertDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={
          shown.role === 'admin'
            ? shown.grant
              ? t('directory.roles.makeAdminTitle', { name })
              : t('directory.roles.removeAdminTitle', { name })
            : shown.grant
              ? t('directory.roles.makeSupervisorTitle', { name })
              : t('directory.roles.removeSupervisorTitle', { name })
        }
        description={
          shown.role === 'admin'
            ? shown.grant
              ? t('directory.roles.makeAdminText', { name })
              : t('directory.roles.removeAdminText', { name })
            : shown.grant
              ? t('directory.roles.makeSupervisorText', { name })
              : t('directory.roles.removeSupervisorText', { name })
        }
        actionLabel={labelOf(shown)}
        cancelLabel={t('directory.cancel')}
        destructive={!shown.grant}
        onAction={confirm}
      />
    </div>
  );
}

function DeleteUser({ user }: { user: StaffRow }) {
  const { t } = useT();
  const { name } = user;
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  return (
    <>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
        aria-label={t('directory.delete.label', { name })}
      >
        <TrashIcon size="sm" />
        {t('directory.delete.button')}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={t('directory.delete.title', { name })}
        description={t('directory.delete.text', { name })}
        actionLabel={t('directory.delete.button')}
        cancelLabel={t('directory.cancel')}
        destructive
        onAction={() => remove.mutate(user.id)}
      />
    </>
  );
}
