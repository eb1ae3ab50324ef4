import { updateOpportunityFormSchema, type Opportunity } from '@district/contracts';
import { Button, Dialog, PenIcon, useSchemaForm, useT } from '@district/ui';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateOpportunity } from './opportunities.queries';
import {
  changedFields,
  formValuesOf,
  OpportunityForm,
  updateBody,
  updateInput,
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
  const formId = `edit-opportunity-${useId().replace(/:/g, '')}`;

  const save = useUpdateOpportunity(opportunity.id, () => onOpenChange(false));
  const form = useSchemaForm({
    initial: () => formValuesOf(opportunity),
    schema: updateOpportunityFormSchema,
    toInput: (values) => updateInput(values, opportunity),
    onValid: (data, values) => save.mutate(updateBody(values, opportunity, data)),
  });

  const change = (openNow: boolean) => {
    if (openNow) form.reset(formValuesOf(opportunity));
    onOpenChange(openNow);
  };

  // Nothing changed: nothing to send.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (changedFields(form.values, opportunity)) return form.formProps.onSubmit(event);
    event.preventDefault();
    onOpenChange(false);
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
          form={{ ...form, formProps: { ...form.formProps, onSubmit } }}
        />
      </Dialog>
    </>
  );
}
