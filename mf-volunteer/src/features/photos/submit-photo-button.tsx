import {
  AVATAR_ACCEPT,
  avatarFileError,
  PHOTO_FIELD,
  submitPhotoFormSchema,
  type Opportunity,
} from '@district/contracts';
import {
  Button,
  CameraIcon,
  Dialog,
  Field,
  Input,
  translate,
  useSchemaForm,
  useObjectUrl,
  useT,
} from '@district/ui';
import { useState, type ChangeEvent } from 'react';
import { useSubmitPhoto } from './photos.queries';

const FORM_ID = 'submit-photo-form';
// A URL's beginning, the same in every language.
const URL_PLACEHOLDER = 'https://';
// The back camera: the scene in front of the student, not a selfie.
const BACK_CAMERA = 'environment';

// A phone or tablet (a coarse pointer): there the camera can take the picture directly.
function useIsTouchDevice(): boolean {
  const [touch] = useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches,
  );
  return touch;
}

// "Submit Photos" on a past event: a photo taken or chosen on the phone (issue 33), or a photo
// URL, and a caption; it shows after an admin approves.
export function SubmitPhotoButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const touch = useIsTouchDevice();
  const { t, m } = useT();

  const submit = useSubmitPhoto(opportunity.id, () => setOpen(false));
  const form = useSchemaForm({
    initial: { photoUrl: '', caption: '' },
    schema: submitPhotoFormSchema,
    toInput: (values) => ({
      ...values,
      photoUrl: values.photoUrl.trim(),
      hasFile: file !== null,
    }),
    onValid: (data) => {
      if (file) {
        const body = new FormData();
        body.append('caption', data.caption);
        body.append(PHOTO_FIELD, file);
        submit.mutate(body);
      } else {
        submit.mutate({
          opportunityId: opportunity.id,
          photoUrl: data.photoUrl,
          caption: data.caption,
        });
      }
    },
  });

  const openDialog = () => {
    form.reset();
    setFile(null);
    setFileError(null);
    setOpen(true);
  };

  // The same checks as the avatar (an image, at most 5 MB) before anything is uploaded.
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const problem = avatarFileError(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const fileInput = (capture: boolean) => (
    <input
      type="file"
      name={PHOTO_FIELD}
      accept={AVATAR_ACCEPT}
      className="ui-sr-only"
      capture={capture ? BACK_CAMERA : undefined}
      onChange={choose}
    />
  );

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
          <fieldset className="photo-source">
            <legend className="photo-source__legend">{t('volunteer.photos.fromDevice')}</legend>
            <div className="photo-source__buttons">
              {touch && (
                <label className="photo-source__button ui-button ui-button--outline">
                  <CameraIcon />
                  {t('volunteer.photos.takePhoto')}
                  {fileInput(true)}
                </label>
              )}
              <label className="photo-source__button ui-button ui-button--outline">
                {t('volunteer.photos.choosePhoto')}
                {fileInput(false)}
              </label>
            </div>
            {fileError && (
              <p className="photo-source__error" role="alert">
                {translate(fileError)}
              </p>
            )}
            {file && preview && (
              <div className="photo-source__chosen">
                <img src={preview} alt={t('volunteer.photos.preview')} />
                <Button variant="outline" size="sm" onClick={() => setFile(null)}>
                  {t('volunteer.photos.removeFile')}
                </Button>
              </div>
            )}
          </fieldset>
          {!file && (
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
          )}
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
