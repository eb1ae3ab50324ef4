import { SectionCard, Spinner, useT } from '@district/ui';
import { useId } from 'react';
import { useHoursSettings, useUpdateHoursSettings } from '../../shared/confirmations.queries';
import { errorText } from '../../shared/format';

// Issue 19, admins: whether an organisation's confirmation approves an entry by itself.
export function ConfirmationSetting() {
  const { t } = useT();
  const settings = useHoursSettings();
  const update = useUpdateHoursSettings();
  const checkboxId = useId();
  const checked = update.isPending
    ? (update.variables?.confirmationApproves ?? false)
    : (settings.data?.confirmationApproves ?? false);
  return (
    <SectionCard
      titleId="confirmation-setting-title"
      title={t('hours.setting.title')}
      contentClassName="confirm-hours__body"
    >
      {settings.isLoading ? (
        <Spinner label={t('hours.setting.loading')} />
      ) : settings.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.setting.loadFailed', { error: errorText(settings.error) })}
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
          {t('hours.setting.label')}
        </label>
      )}
      <div aria-live="polite">
        {update.isError && (
          <p role="alert" className="hours-inline-error">
            {t('hours.setting.saveFailed', { error: errorText(update.error) })}
          </p>
        )}
      </div>
    </SectionCard>
  );
}
