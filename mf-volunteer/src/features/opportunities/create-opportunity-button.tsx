import {
  apiPaths,
  createOpportunitySchema,
  fieldErrorMap,
  SCREEN_TEXTS,
  SPACES_MIN,
  TOASTS,
  type Opportunity,
} from '@district/contracts';
import { Button, Dialog, Field, Input, PlusIcon, Textarea, toast } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { opportunityAnchor } from '../find/opportunity-anchor';
import { dateInputToIso, todayInputValue } from '../volunteer/format-date';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

interface FormValues {
  title: string;
  description: string;
  location: string;
  date: string;
  spaces: string;
}

// SPEC §2: empty title, description and location, today, 1 space.
const defaults = (): FormValues => ({
  title: '',
  description: '',
  location: '',
  date: todayInputValue(),
  spaces: '1',
});

const FORM_ID = 'create-opportunity-form';

// The admin's "Create Opportunity" button and its dialog.
export function CreateOpportunityButton() {
  const [open, onOpenChange] = useState(false);
  const [values, setValues] = useState<FormValues>(defaults);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      sendJson<Opportunity>('POST', apiPaths.opportunities, body),
    onSuccess: async (created) => {
      toast({ title: TOASTS.opportunityCreated });
      onOpenChange(false);
      await refreshVolunteerData();
      // Show the admin what they made: the list draws only its first cards, and the new one may
      // sort below them (the same anchor as the toast's "View").
      if (created) void navigate({ hash: opportunityAnchor(created.id) });
    },
  });

  const change = (openNow: boolean) => {
    // Every opening starts from the spec's defaults.
    if (openNow) {
      setValues(defaults());
      setErrors({});
    }
    onOpenChange(openNow);
  };

  const set = (name: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same schema as the service, so the messages under the fields are the server's.
    const parsed = createOpportunitySchema.safeParse({ ...values, date: values.date });
    if (!parsed.success) {
      setErrors(fieldErrorMap(parsed.error));
      return;
    }
    setErrors({});
    create.mutate({
      ...parsed.data,
      date: dateInputToIso(values.date) ?? parsed.data.date.toISOString(),
    });
  };

  return (
    <>
      <Button onClick={() => change(true)}>
        <PlusIcon />
        {SCREEN_TEXTS.createOpportunity}
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title={SCREEN_TEXTS.createOpportunity}
        description="Post a new volunteer opportunity for students across the district."
        footer={
          <>
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} disabled={create.isPending}>
              {create.isPending ? 'Creating…' : SCREEN_TEXTS.createOpportunity}
            </Button>
          </>
        }
      >
        <form id={FORM_ID} className="volunteer-form" onSubmit={submit} noValidate>
          <Field label="Title" error={errors.title}>
            <Input name="title" value={values.title} onChange={set('title')} autoComplete="off" />
          </Field>
          <Field label="Description" error={errors.description}>
            <Textarea
              name="description"
              rows={4}
              value={values.description}
              onChange={set('description')}
            />
          </Field>
          <Field label="Location" error={errors.location}>
            <Input
              name="location"
              value={values.location}
              onChange={set('location')}
              autoComplete="off"
            />
          </Field>
          <div className="volunteer-form__row">
            <Field label="Date" error={errors.date}>
              <Input name="date" type="date" value={values.date} onChange={set('date')} />
            </Field>
            <Field label="Spaces" error={errors.spaces}>
              <Input
                name="spaces"
                type="number"
                inputMode="numeric"
                min={SPACES_MIN}
                step={1}
                value={values.spaces}
                onChange={set('spaces')}
              />
            </Field>
          </div>
        </form>
      </Dialog>
    </>
  );
}
