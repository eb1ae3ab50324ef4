import {
  apiPaths,
  eventPhotoSchema,
  fieldErrorMap,
  type EventPhoto,
  type Opportunity,
} from '@district/contracts';
import {
  Button,
  CameraIcon,
  Dialog,
  Field,
  Input,
  messages,
  toast,
  translate,
  useT,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

const FORM_ID = 'submit-photo-form';
// A URL's beginning, the same in every language.
const URL_PLACEHOLDER = 'https://';

// "Submit Photos" on a past event: a photo URL and a caption; it shows after an admin approves.
export function SubmitPhotoButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const [photoUrl, setPhotoUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t, m } = useT();
  // The schema speaks the shared catalogue's English: shown in the language in use.
  const error = (name: string) => (errors[name] ? translate(errors[name]) : undefined);

  const submit = useMutation({
    mutationFn: (body: { opportunityId: number; photoUrl: string; caption: string }) =>
      sendJson<EventPhoto>('POST', apiPaths.opportunityPhotos(opportunity.id), body),
    onSuccess: async () => {
      toast({ title: messages().toasts.photoSubmitted });
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
        {m.screen.submitPhotos}
        <span className="ui-sr-only">
          {' '}
          {t('volunteer.photos.submitFor', { title: opportunity.title })}
        </span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={m.screen.submitPhotos}
        description={t('volunteer.photos.submitText', { title: opportunity.title })}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('volunteer.form.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={submit.isPending}>
              {submit.isPending ? t('volunteer.photos.submitting') : t('volunteer.photos.submit')}
            </Button>
          </>
        }
      >
        <form id={FORM_ID} className="volunteer-form" onSubmit={onSubmit} noValidate>
          <Field
            label={t('volunteer.photos.url')}
            error={error('photoUrl')}
            description={t('volunteer.photos.urlHint')}
          >
            <Input
              name="photoUrl"
              type="url"
              inputMode="url"
              placeholder={URL_PLACEHOLDER}
              value={photoUrl}
              onChange={(e) => setPhotoUrl(e.target.value)}
            />
          </Field>
          <Field label={t('volunteer.photos.caption')} error={error('caption')}>
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
