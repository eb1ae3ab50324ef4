import { createOpportunityFormSchema } from '@district/contracts';
import { Button, Dialog, PlusIcon, useSchemaForm, useT } from '@district/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { opportunityAnchor } from '../find/opportunity-anchor';
import { useCreateOpportunity } from './opportunities.queries';
import { createBody, createInput, defaultFormValues, OpportunityForm } from './opportunity-form';

const FORM_ID = 'create-opportunity-form';

// The admin's "Create Opportunity" button and its dialog.
export function CreateOpportunityButton() {
  const [open, onOpenChange] = useState(false);
  const navigate = useNavigate();
  const { t, m } = useT();

  const create = useCreateOpportunity(
    () => onOpenChange(false),
    // Show the admin what they made: the list draws only its first cards, and the new one may
    // sort below them (the same anchor as the toast's "View").
    (created) => {
      if (created) void navigate({ hash: opportunityAnchor(created.id) });
    },
  );
  const form = useSchemaForm({
    initial: defaultFormValues,
    schema: createOpportunityFormSchema,
    toInput: createInput,
    onValid: (data, values) => create.mutate(createBody(values, data)),
  });

  const change = (openNow: boolean) => {
    // Every opening starts from the spec's defaults.
    if (openNow) form.reset(defaultFormValues());
    onOpenChange(openNow);
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
        <OpportunityForm id={FORM_ID} form={form} allowRepeat />
      </Dialog>
    </>
  );
}
