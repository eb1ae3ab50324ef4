import { Avatar, Button, cn, preloadDialog, useAuth } from '@district/ui';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@district/ui';
import { AvatarDialog } from './avatar-dialog';
import { Brand } from './brand';

interface NavItem {
  to: string;
  label: string;
}

const NAV: NavItem[] = [
  { to: '/volunteer', label: 'Volunteer' },
  { to: '/directory', label: 'Directory' },
  { to: '/blog', label: 'Blog' },
  { to: '/service-hours', label: 'Service Hours' },
];

// SPEC §2 "Shared header". Below the lg breakpoint the links fold into a menu button.
export function Header() {
  const { user, logoutMutation } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  if (!user) return null;

  const items =
    user.isSupervisor || user.isAdmin ? [...NAV, { to: '/supervisor', label: 'Supervisor' }] : NAV;

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
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size="lg" /> : <MenuIcon size="lg" />}
        </Button>
        <nav
          id="main-nav"
          aria-label="Main"
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
                  {item.label}
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
          <span className="ui-sr-only">Change profile picture</span>
          <Avatar name={user.name} src={user.avatarUrl} size="md" />
        </button>
        <p className="app-header__welcome" title={`Welcome, ${user.name}`}>
          Welcome, <strong>{user.name}</strong>
        </p>
        <Button
          variant="outline"
          size="sm"
          className="app-header__logout"
          disabled={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          Logout
        </Button>
      </div>
      <AvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} />
    </header>
  );
}
