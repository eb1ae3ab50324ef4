import {
  OTHER_SCHOOL,
  SCREEN_TEXTS,
  isSchoolName,
  type DirectoryUser,
  type SchoolName,
} from '@district/contracts';
import { AlertDialog, Avatar, Badge, Button } from '@district/ui';
import { memo, useState } from 'react';
import { formatHours } from './directory-index.util';
import { useChangeSchool, useDeleteUser } from './directory.queries';
import { SchoolPicker } from './school-picker';
import { TrashIcon } from './icons';

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
          <DeleteUser user={user} />
        </div>
      ) : null}
    </li>
  );
});

// Everyone sees who can review hours or administer (issue 9 builds the role control on this).
function RoleBadges({ user, isMe }: { user: DirectoryUser; isMe: boolean }) {
  if (!user.isAdmin && !user.isSupervisor && !isMe) return null;
  return (
    <p className="dir-card__badges">
      {isMe ? <Badge variant="outline">You</Badge> : null}
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
        <TrashIcon />
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
