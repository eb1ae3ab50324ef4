import { Card, CardContent, CardHeader, CardTitle, Spinner } from '@district/ui';
import { useId } from 'react';
import { useHoursSettings, useUpdateHoursSettings } from '../../shared/confirmations-api';
import { errorText } from '../../shared/format';

// Issue 19, admins: whether an organisation's confirmation approves an entry by itself.
export function ConfirmationSetting() {
  const settings = useHoursSettings();
  const update = useUpdateHoursSettings();
  const checkboxId = useId();
  const checked = update.isPending
    ? (update.variables?.confirmationApproves ?? false)
    : (settings.data?.confirmationApproves ?? false);
  return (
    <Card role="region" aria-labelledby="confirmation-setting-title">
      <CardHeader>
        <CardTitle as="h2" id="confirmation-setting-title">
          Organisation confirmations
        </CardTitle>
      </CardHeader>
      <CardContent className="confirm-hours__body">
        {settings.isLoading ? (
          <Spinner label="Loading the setting" />
        ) : settings.isError ? (
          <p role="alert" className="hours-inline-error">
            The setting could not be loaded: {errorText(settings.error)}
          </p>
        ) : (
          <label className="goal-students__filter" htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={checked}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ confirmationApproves: e.target.checked })}
            />
            A confirmation by the organisation approves the hours without a supervisor
          </label>
        )}
        <div aria-live="polite">
          {update.isError && (
            <p role="alert" className="hours-inline-error">
              The setting could not be saved: {errorText(update.error)}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
