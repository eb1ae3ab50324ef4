import { eventPhotoSchema, type Opportunity } from '@district/contracts';
import { Button, CameraIcon, Dialog, Field, Input, useSchemaForm, useT } from '@district/ui';
import { useState } from 'react';
import { useSubmitPhoto } from './photos.queries';

const FORM_ID = 'submit-photo-form';
// A URL's beginning, the same in every language.
const URL_PLACEHOLDER = 'https://';

// "Submit Photos" on a past event: a photo URL and a caption; it shows after an admin approves.
export function SubmitPhotoButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const { t, m } = useT();

  const submit = useSubmitPhoto(opportunity.id, () => setOpen(false));
  const form = useSchemaForm({
    initial: { photoUrl: '', caption: '' },
    schema: eventPhotoSchema,
    toInput: (values) => ({
      opportunityId: opportunity.id,
      ...values,
      photoUrl: values.photoUrl.trim(),
    }),
    onValid: (data) =>
      submit.mutate({
        opportunityId: opportunity.id,
        photoUrl: data.photoUrl,
        caption: data.caption,
      }),
  });

  const openDialog = () => {
    form.reset();
    setOpen(true);
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
        <form id={FORM_ID} className="volunteer-form" {...form.formProps}>
          <Field
            label={t('volunteer.photos.url')}
            error={form.fieldError('photoUrl')}
            description={t('volunteer.photos.urlHint')}
          >
            <Input
              name="photoUrl"
              type="url"
              inputMode="url"
              placeholder={URL_PLACEHOLDER}
              value={form.values.photoUrl}
              onChange={(e) => form.change('photoUrl')(e.target.value)}
            />
          </Field>
          <Field label={t('volunteer.photos.caption')} error={form.fieldError('caption')}>
            <Input
              name="caption"
              value={form.values.caption}
              onChange={(e) => form.change('caption')(e.target.value)}
              maxLength={400}
            />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
