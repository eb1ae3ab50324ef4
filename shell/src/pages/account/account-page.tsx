import {
  Avatar,
  Button,
  PageHeader,
  preloadDialog,
  SectionCard,
  useAuth,
  useT,
} from '@district/ui';
import { useState } from 'react';
import { LanguagePicker } from '../../language/language-picker';
import { AvatarDialog } from '../../layout/avatar-dialog';
import { PrivacySection } from '../../layout/privacy-section';

// Issue 33 item 2: "My account", the signed-in person's own settings on one page (opened from the
// header's user menu): picture, language, who sees them, their data, and deleting the account.
// The picture is still changed in SPEC §2's "Change profile picture" dialog (the header's avatar
// opens it too).
export function AccountPage() {
  const { user } = useAuth();
  const { t } = useT();
  const [pictureOpen, setPictureOpen] = useState(false);
  if (!user) return null;
  return (
    <div className="account">
      <PageHeader title={t('shell.account.title')} description={t('shell.account.description')} />
      <SectionCard
        titleId="account-picture"
        title={t('shell.account.picture')}
        contentClassName="account__picture"
      >
        <Avatar name={user.name} src={user.avatarUrl} size="xl" />
        <div className="account__who">
          <p className="account__name">{user.name}</p>
          <p className="account__meta">{user.username}</p>
          <p className="account__meta">{user.email}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPictureOpen(true)}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            {t('shell.account.changePicture')}
          </Button>
        </div>
      </SectionCard>
      <SectionCard titleId="account-language" title={t('shell.language.label')}>
        <p className="account__hint">{t('shell.account.languageHint')}</p>
        <LanguagePicker className="account__language" />
      </SectionCard>
      <PrivacySection />
      <AvatarDialog open={pictureOpen} onOpenChange={setPictureOpen} />
    </div>
  );
}
