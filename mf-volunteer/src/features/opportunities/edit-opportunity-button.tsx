import { apiPaths, type Opportunity } from '@district/contracts';
import { Button, Dialog, messages, PenIcon, toast, useT } from '@district/ui';
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
export function EditOpportunityButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  const [open, onOpenChange] = useState(false);
  const [values, setValues] = useState<OpportunityFormValues>(() => formValuesOf(opportunity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = `edit-opportunity-${useId().replace(/:/g, '')}`;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      sendJson<Opportunity>('PATCH', apiPaths.opportunity(opportunity.id), body),
    onSuccess: async () => {
      toast({ title: messages().opportunityEdit.opportunityUpdated });
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
        {t('volunteer.admin.edit')}
        <span className="ui-sr-only"> {name}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title={t('volunteer.edit.title')}
        description={t('volunteer.edit.description')}
        footer={
          <>
            <Button variant="outline" onClick={() => change(false)}>
              {t('volunteer.form.cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={save.isPending}>
              {save.isPending ? t('volunteer.edit.saving') : t('volunteer.edit.save')}
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
