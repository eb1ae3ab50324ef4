import { AVATAR_ACCEPT, AVATAR_FIELD } from '@district/contracts';
import {
  Avatar,
  Button,
  Dialog,
  Field,
  Input,
  toast,
  toastError,
  translate,
  useAuth,
  useObjectUrl,
  useT,
} from '@district/ui';
import { useState, type ChangeEvent } from 'react';
import { withoutStatus } from '../forms/form-helpers';
import { loadSchemas } from '../forms/load-schemas';
import { useUploadAvatar } from './layout.queries';

export function AvatarDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, refreshUser } = useAuth();
  const { t, m } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setError(null);
    }
    onOpenChange(next);
  };

  const upload = useUploadAvatar({
    onSuccess: async () => {
      toast({ title: m.toasts.avatarUpdated });
      // SPEC §7: on success the current user is reloaded (the header shows the new picture).
      await refreshUser();
      close(false);
    },
    onError: (err) => {
      setError(withoutStatus(err.message));
      toast({
        title: m.toasts.errorTitle,
        description: m.toasts.avatarUpdateFailed,
        variant: 'destructive',
      });
    },
  });

  // SPEC §5: refuse a non-image or a file over 5 MB before anything is uploaded.
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    upload.reset();
    if (!chosen) {
      setFile(null);
      setError(null);
      return;
    }
    const schemas = await loadSchemas().catch((err: unknown) => void toastError(err));
    if (!schemas) return;
    const problem = schemas.avatarFileError(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
  };

  if (!user) return null;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('shell.avatar.title')}
      description={t('shell.avatar.description')}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)}>
            {t('shell.avatar.cancel')}
          </Button>
          <Button
            disabled={!file || upload.isPending}
            aria-busy={upload.isPending}
            onClick={() => file && upload.mutate(file)}
          >
            {upload.isPending ? t('shell.avatar.uploading') : t('shell.avatar.upload')}
          </Button>
        </>
      }
    >
      <div className="avatar-dialog">
        <Avatar
          name={user.name}
          src={preview ?? user.avatarUrl}
          size="xl"
          alt={preview ? t('shell.avatar.preview') : ''}
        />
        <Field
          label={t('shell.avatar.field')}
          error={error && translate(error)}
          className="avatar-dialog__field"
        >
          <Input type="file" name={AVATAR_FIELD} accept={AVATAR_ACCEPT} onChange={choose} />
        </Field>
      </div>
    </Dialog>
  );
}
