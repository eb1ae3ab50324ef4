import { apiPaths, type Opportunity } from '@district/contracts';
import { Button, Dialog, messages, PlusIcon, toast, useT } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { opportunityAnchor } from '../find/opportunity-anchor';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';
import {
  createRequest,
  defaultFormValues,
  OpportunityForm,
  type OpportunityFormValues,
} from './opportunity-form';

const FORM_ID = 'create-opportunity-form';

// The admin's "Create Opportunity" button and its dialog.
export function CreateOpportunityButton() {
  const [open, onOpenChange] = useState(false);
  const [values, setValues] = useState<OpportunityFormValues>(defaultFormValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const { t, m } = useT();

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      sendJson<Opportunity>('POST', apiPaths.opportunities, body),
    onSuccess: async (created, body) => {
      const count = Number(body.repeatWeeks ?? 1);
      const texts = messages();
      toast({
        title:
          count > 1 ? texts.opportunityEdit.seriesCreated(count) : texts.toasts.opportunityCreated,
      });
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
      setValues(defaultFormValues());
      setErrors({});
    }
    onOpenChange(openNow);
  };

  const submit = () => {
    const checked = createRequest(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.body);
  };

  return (
    <>
      <Button onClick={() => change(true)}>
        <PlusIcon />
        {m.screen.createOpportunity}
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title={m.screen.createOpportunity}
        description={t('volunteer.create.description')}
        footer={
          <>
            <Button variant="outline" onClick={() => change(false)}>
              {t('volunteer.form.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={create.isPending}>
              {create.isPending ? t('volunteer.create.creating') : m.screen.createOpportunity}
            </Button>
          </>
        }
      >
        <OpportunityForm
          id={FORM_ID}
          values={values}
          onValuesChange={setValues}
          errors={errors}
          onSubmit={submit}
          allowRepeat
        />
      </Dialog>
    </>
  );
}
