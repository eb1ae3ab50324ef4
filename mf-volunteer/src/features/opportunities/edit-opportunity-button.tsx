import { apiPaths, OPPORTUNITY_EDIT_MESSAGES, type Opportunity } from '@district/contracts';
import { Button, Dialog, PenIcon, toast } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';
import {
  formValuesOf,
  OpportunityForm,
  updateRequest,
  type OpportunityFormValues,
} from './opportunity-form';

// Issue 18: the admin's Edit button on a card and its dialog (the create form, filled in).
// Only the changed fields are sent; students signed up hear of a new time or place.
export function EditOpportunityButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, onOpenChange] = useState(false);
  const [values, setValues] = useState<OpportunityFormValues>(() => formValuesOf(opportunity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = `edit-opportunity-${useId().replace(/:/g, '')}`;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      sendJson<Opportunity>('PATCH', apiPaths.opportunity(opportunity.id), body),
    onSuccess: async () => {
      toast({ title: OPPORTUNITY_EDIT_MESSAGES.opportunityUpdated });
      onOpenChange(false);
      await refreshVolunteerData();
    },
    // A refusal (409: fewer spaces than sign-ups) may mean the card is out of date.
    onSettled: (_data, error) => (error ? refreshVolunteerData() : undefined),
  });

  const change = (openNow: boolean) => {
    if (openNow) {
      setValues(formValuesOf(opportunity));
      setErrors({});
    }
    onOpenChange(openNow);
  };

  const submit = () => {
    const checked = updateRequest(values, opportunity);
    if (!checked) {
      onOpenChange(false);
      return;
    }
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body);
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => change(true)}>
        <PenIcon />
        Edit
        <span className="ui-sr-only"> {opportunity.title}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title="Edit Opportunity"
        description="Students who signed up are told when the time or place changes."
        footer={
          <>
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </>
        }
      >
        <OpportunityForm
          id={formId}
          values={values}
          onValuesChange={setValues}
          errors={errors}
          onSubmit={submit}
        />
      </Dialog>
    </>
  );
}
