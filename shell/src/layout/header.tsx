import { Avatar, Button, cn, preloadDialog, useAuth, useT } from '@district/ui';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@district/ui';
import { AvatarDialog } from './avatar-dialog';
import { LanguagePicker } from '../language/language-picker';
import { Brand } from './brand';
import { LogoutButton, UserMenu } from './user-menu';

interface NavItem {
  to: string;
  // The shell catalogue's key of the link's text.
  label: string;
}

const NAV: NavItem[] = [
  { to: '/volunteer', label: 'shell.nav.volunteer' },
  { to: '/directory', label: 'shell.nav.directory' },
  { to: '/blog', label: 'shell.nav.blog' },
  { to: '/service-hours', label: 'shell.nav.serviceHours' },
];
const SUPERVISOR_ITEM: NavItem = { to: '/supervisor', label: 'shell.nav.supervisor' };

// SPEC §2 "Shared header". Below the lg breakpoint the links fold into a menu button. The welcome
// line opens the person's menu (My account; Logout on a phone, issue 33).
export function Header() {
  const { user } = useAuth();
  const { t } = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  if (!user) return null;

  const items = user.isSupervisor || user.isAdmin ? [...NAV, SUPERVISOR_ITEM] : NAV;

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Brand />
        <Button
          variant="ghost"
          size="icon"
          className="app-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label={t(menuOpen ? 'shell.header.closeMenu' : 'shell.header.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size="lg" /> : <MenuIcon size="lg" />}
        </Button>
        <nav
          id="main-nav"
          aria-label={t('shell.nav.label')}
          className={cn('app-nav', menuOpen && 'app-nav--open')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setMenuOpen(false);
          }}
        >
          <ul className="app-nav__list">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn('app-nav__link', isActive && 'app-nav__link--active')
                  }
                  onClick={() => setMenuOpen(false)}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="app-header__avatar"
          aria-haspopup="dialog"
          onClick={() => setAvatarOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
        >
          {/* The name lives in hidden text, not aria-label, so it never mismatches the initials shown. */}
          <span className="ui-sr-only">{t('shell.header.changePicture')}</span>
          <Avatar name={user.name} src={user.avatarUrl} size="md" />
        </button>
        <UserMenu />
        <LanguagePicker className="app-header__language" />
        <LogoutButton className="app-header__logout" />
      </div>
      <AvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} />
    </header>
  );
}
