import {
  OTHER_SCHOOL,
  SCREEN_TEXTS,
  isSchoolName,
  type DirectoryUser,
  type SchoolName,
} from '@district/contracts';
import { AlertDialog, Avatar, Badge, Button, TrashIcon } from '@district/ui';
import { memo, useState } from 'react';
import { formatHours } from './directory-index.util';
import { useChangeRoles, useChangeSchool, useDeleteUser } from './directory.queries';
import { SchoolPicker } from './school-picker';

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
  return (
    <li className="ui-card dir-card" data-user-id={user.id}>
      <div className="dir-card__main">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="dir-card__text">
          <p className="dir-card__name">{user.name}</p>
          <p className="dir-card__meta">
            Grade {user.grade}
            <span aria-hidden="true"> · </span>
            <span className="dir-card__hours">{formatHours(user.serviceHours)}</span>
          </p>
          <RoleBadges user={user} isMe={isMe} />
        </div>
      </div>
      {adminControls ? (
        <div className="dir-card__admin">
          <SchoolChange user={user} />
          <RoleControl user={user} />
          <DeleteUser user={user} />
        </div>
      ) : null}
    </li>
  );
});

// Everyone sees who can review hours or administer; admins change them with RoleControl.
function RoleBadges({ user, isMe }: { user: DirectoryUser; isMe: boolean }) {
  if (!user.isAdmin && !user.isSupervisor && !isMe && !user.hidden) return null;
  return (
    <p className="dir-card__badges">
      {isMe ? <Badge variant="outline">You</Badge> : null}
      {/* Issue 20: only admins and supervisors receive hidden students, marked. */}
      {user.hidden ? (
        <Badge variant="outline" title="Hidden from other students">
          Hidden
        </Badge>
      ) : null}
      {user.isAdmin ? <Badge variant="highlight">Admin</Badge> : null}
      {user.isSupervisor ? <Badge>Supervisor</Badge> : null}
    </p>
  );
}

// Choosing a school only proposes the move; the explicit Confirm makes it (SPEC §2). Success or
// failure, the confirmation closes (SPEC §8 "Failed to update user school").
function SchoolChange({ user }: { user: DirectoryUser }) {
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
        label={`School of ${user.name}`}
        value={choice ?? current ?? ''}
        placeholder={user.school === OTHER_SCHOOL ? 'Choose a school' : user.school}
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
            aria-label={`Confirm moving ${user.name} to ${choice}`}
          >
            Confirm
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setChoice(null)}
            disabled={change.isPending}
          >
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type RoleChange = { role: 'supervisor' | 'admin'; grant: boolean };

const ROLE_LABELS = { supervisor: 'supervisor', admin: 'admin' } as const;

// Issue 9: grant or revoke a role, each after a confirmation. Only on other users' cards, so an
// admin never sees a control that would remove their own rights.
function RoleControl({ user }: { user: DirectoryUser }) {
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
    grant ? `Make ${ROLE_LABELS[role]}` : `Remove ${ROLE_LABELS[role]}`;
  const confirm = () => {
    if (!pending) return;
    const roles =
      pending.role === 'admin' ? { isAdmin: pending.grant } : { isSupervisor: pending.grant };
    change.mutate({ id: user.id, roles });
  };
  return (
    <div className="dir-role-control" role="group" aria-label={`Roles of ${user.name}`}>
      {options.map((option) => (
        <Button
          key={option.role}
          size="sm"
          variant="outline"
          onClick={() => ask(option)}
          disabled={change.isPending}
          aria-label={`${labelOf(option)}: ${user.name}`}
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
          shown.grant
            ? `Make ${user.name} ${shown.role === 'admin' ? 'an admin' : 'a supervisor'}?`
            : `Remove ${user.name}'s ${ROLE_LABELS[shown.role]} rights?`
        }
        description={
          shown.role === 'admin'
            ? shown.grant
              ? `${user.name} will be able to manage opportunities, moderate posts and photos, move and delete accounts, change roles and read the audit log.`
              : `${user.name} will lose admin rights on their next request.`
            : shown.grant
              ? `${user.name} will be able to review everyone's service hours on the Supervisor page.`
              : `${user.name} will no longer be able to review service hours.`
        }
        actionLabel={labelOf(shown)}
        destructive={!shown.grant}
        onAction={confirm}
      />
    </div>
  );
}

function DeleteUser({ user }: { user: DirectoryUser }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  return (
    <>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
        aria-label={`Delete ${user.name}`}
      >
        <TrashIcon size="sm" />
        Delete
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${user.name}?`}
        description={`This action ${SCREEN_TEXTS.deleteUserWarning}. It permanently deletes ${user.name}'s account and removes their service hours and activity history.`}
        actionLabel="Delete"
        destructive
        onAction={() => remove.mutate(user.id)}
      />
    </>
  );
}
