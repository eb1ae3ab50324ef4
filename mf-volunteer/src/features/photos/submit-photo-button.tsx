import {
  apiPaths,
  eventPhotoSchema,
  fieldErrorMap,
  SCREEN_TEXTS,
  TOASTS,
  type EventPhoto,
  type Opportunity,
} from '@district/contracts';
import { Button, CameraIcon, Dialog, Field, Input, toast } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

const FORM_ID = 'submit-photo-form';

// "Submit Photos" on a past event: a photo URL and a caption; it shows after an admin approves.
export function SubmitPhotoButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const [photoUrl, setPhotoUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = useMutation({
    mutationFn: (body: { opportunityId: number; photoUrl: string; caption: string }) =>
      sendJson<EventPhoto>('POST', apiPaths.opportunityPhotos(opportunity.id), body),
    onSuccess: async () => {
      toast({ title: TOASTS.photoSubmitted });
      setOpen(false);
      await refreshVolunteerData();
    },
  });

  const openDialog = () => {
    setPhotoUrl('');
    setCaption('');
    setErrors({});
    setOpen(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { opportunityId: opportunity.id, photoUrl: photoUrl.trim(), caption };
    const parsed = eventPhotoSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorMap(parsed.error));
      return;
    }
    setErrors({});
    submit.mutate({
      opportunityId: opportunity.id,
      photoUrl: parsed.data.photoUrl,
      caption: parsed.data.caption,
    });
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={openDialog}>
        <CameraIcon />
        {SCREEN_TEXTS.submitPhotos}
        <span className="ui-sr-only"> for {opportunity.title}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={SCREEN_TEXTS.submitPhotos}
        description={`Share a photo from "${opportunity.title}". It will be visible after admin approval.`}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} disabled={submit.isPending}>
              {submit.isPending ? 'Submitting…' : 'Submit Photo'}
            </Button>
          </>
        }
      >
        <form id={FORM_ID} className="volunteer-form" onSubmit={onSubmit} noValidate>
          <Field
            label="Photo URL"
            error={errors.photoUrl}
            description="A link to the photo, starting with https://"
          >
            <Input
              name="photoUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={photoUrl}
              onChange={(e) => setPhotoUrl(e.target.value)}
            />
          </Field>
          <Field label="Caption" error={errors.caption}>
            <Input
              name="caption"
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
              maxLength={400}
            />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
