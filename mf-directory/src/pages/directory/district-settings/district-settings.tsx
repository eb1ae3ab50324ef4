import {
  REGISTRATION_POLICIES,
  type ConsentMode,
  type PrivacySettings,
  type RegistrationPolicy,
} from '@district/contracts';
import { AlertDialog, Card, Spinner, useT } from '@district/ui';
import { useId, useState, type ReactNode } from 'react';
import { useChangePrivacySettings, usePrivacySettings } from './district-settings.queries';
import { JoinCodes } from './join-codes';
import { RosterImport } from './roster-import';
import { LoadFailed } from '../load-failed';

const CONSENT_MODE_KEYS = {
  school: {
    label: 'directory.settings.consent.school',
    hint: 'directory.settings.consent.schoolHint',
  },
  guardian: {
    label: 'directory.settings.consent.guardian',
    hint: 'directory.settings.consent.guardianHint',
  },
} as const satisfies Record<ConsentMode, { label: string; hint: string }>;

// Issue 31: who may create an account (the server answers a refused registration with a 403
// saying how to get in).
const POLICY_KEYS = {
  open: { label: 'directory.settings.policy.open', hint: 'directory.settings.policy.openHint' },
  roster: {
    label: 'directory.settings.policy.roster',
    hint: 'directory.settings.policy.rosterHint',
  },
  joinCode: {
    label: 'directory.settings.policy.joinCode',
    hint: 'directory.settings.policy.joinCodeHint',
  },
  districtSignIn: {
    label: 'directory.settings.policy.districtSignIn',
    hint: 'directory.settings.policy.districtSignInHint',
  },
} as const satisfies Record<RegistrationPolicy, { label: string; hint: string }>;

// The "District settings" tab of /directory. Admins: the district's policies, join codes and roster
// imports. Supervisors: their school's join codes (issue 31). The server refuses the rest anyway.
export function DistrictSettingsTab({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="dir-settings-tab">
      {isAdmin ? <DistrictSettings /> : null}
      <JoinCodes />
      {isAdmin ? <RosterImport /> : null}
    </div>
  );
}

// Issue 20, the admins' "District settings" tab of /directory: whether new students start visible
// to other students, and who consents for them (the district, or a guardian under 13). Both apply
// to accounts created from now on; the server audits every change.
function DistrictSettings() {
  const { t } = useT();
  const settings = usePrivacySettings();
  if (settings.isPending) return <Spinner label={t('directory.settings.loading')} />;
  if (settings.isError) {
    return (
      <LoadFailed
        title={t('directory.settings.loadFailed')}
        error={settings.error}
        onRetry={settings.refetch}
      />
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: PrivacySettings }) {
  const { t } = useT();
  const change = useChangePrivacySettings();
  // Switching the consent mode asks first; the radios show the saved mode until confirmed.
  const [proposed, setProposed] = useState<ConsentMode | null>(null);
  // What the dialog shows: kept while it animates closed, so its text does not blank out.
  const [shown, setShown] = useState<ConsentMode>('guardian');
  const propose = (mode: ConsentMode) => {
    if (mode === settings.consentMode) return;
    setShown(mode);
    setProposed(mode);
  };

  return (
    <Card className="dir-settings">
      <ChoiceGroup
        legend={t('directory.settings.directory.legend')}
        name="directory-default"
        value={settings.directoryVisibleByDefault ? 'visible' : 'hidden'}
        disabled={change.isPending}
        onChange={(value) => change.mutate({ directoryVisibleByDefault: value === 'visible' })}
        options={[
          {
            value: 'visible',
            label: t('directory.settings.directory.visible'),
            hint: t('directory.settings.directory.visibleHint'),
          },
          {
            value: 'hidden',
            label: t('directory.settings.directory.hidden'),
            hint: t('directory.settings.directory.hiddenHint'),
          },
        ]}
      />
      <ChoiceGroup
        legend={t('directory.settings.consent.legend')}
        name="consent-mode"
        value={settings.consentMode}
        disabled={change.isPending}
        onChange={(value) => propose(value as ConsentMode)}
        options={(['school', 'guardian'] as const).map((mode) => ({
          value: mode,
          label: t(CONSENT_MODE_KEYS[mode].label),
          hint: t(CONSENT_MODE_KEYS[mode].hint),
        }))}
      />
      <ChoiceGroup
        legend={t('directory.settings.policy.legend')}
        name="registration-policy"
        value={settings.registrationPolicy}
        disabled={change.isPending}
        onChange={(value) => change.mutate({ registrationPolicy: value as RegistrationPolicy })}
        options={REGISTRATION_POLICIES.map((policy) => ({
          value: policy,
          label: t(POLICY_KEYS[policy].label),
          hint: t(POLICY_KEYS[policy].hint),
        }))}
      />
      <AlertDialog
        open={proposed !== null}
        onOpenChange={(open) => {
          if (!open) setProposed(null);
        }}
        title={
          shown === 'guardian'
            ? t('directory.settings.confirm.guardianTitle')
            : t('directory.settings.confirm.schoolTitle')
        }
        description={
          shown === 'guardian'
            ? t('directory.settings.confirm.guardianText')
            : t('directory.settings.confirm.schoolText')
        }
        actionLabel={t('directory.settings.confirm.action')}
        cancelLabel={t('directory.cancel')}
        onAction={() => {
          if (proposed) change.mutate({ consentMode: proposed });
        }}
      />
    </Card>
  );
}

interface Choice {
  value: string;
  label: string;
  hint: ReactNode;
}

// Native radios: arrow keys move between choices, Tab leaves the group, and each choice's line
// of explanation is read with it. `disabled` (a save in flight) ignores changes.
function ChoiceGroup({
  legend,
  name,
  value,
  disabled,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  disabled: boolean;
  options: Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    // Not disabled while saving, which would drop the keyboard focus: changes are ignored instead.
    <fieldset className="dir-settings__group" aria-busy={disabled || undefined}>
      <legend className="dir-settings__legend">{legend}</legend>
      {options.map((option) => {
        const inputId = `${id}-${option.value}`;
        return (
          <div key={option.value} className="dir-settings__choice">
            <input
              type="radio"
              id={inputId}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                if (!disabled) onChange(option.value);
              }}
              aria-describedby={`${inputId}-hint`}
            />
            <div>
              <label htmlFor={inputId} className="dir-settings__label">
                {option.label}
              </label>
              <p id={`${inputId}-hint`} className="dir-settings__hint">
                {option.hint}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
