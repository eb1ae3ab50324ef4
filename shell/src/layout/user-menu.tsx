import { APP_ROUTES } from '@district/contracts';
import { Button, ChevronDownIcon, Trans, useAuth, useT } from '@district/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

// Issue 33 item 2: the header's welcome line opens the person's menu: their full name, "My
// account" (picture, language, privacy, data, deletion) and Logout. A disclosure (a button that
// shows a list of links), not an ARIA menu: Tab moves through it as through any links, Escape or a
// click elsewhere closes it. On a phone the header has no room for Logout beside the name, so
// Logout lives here (app.css hides the header's own below 640 px).
export function UserMenu() {
  const { user } = useAuth();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!user) return null;

  return (
    <div
      ref={root}
      className="app-header__welcome user-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing out of the open menu closes it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null))
          setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="user-menu__text">
          <Trans
            id="shell.header.welcome"
            values={{ name: user.name }}
            components={{ 0: <strong className="user-menu__name" /> }}
          />
        </span>
        <ChevronDownIcon size="sm" className="user-menu__chevron" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__who">
          <span className="user-menu__full-name">{user.name}</span>
          <span className="user-menu__username">{user.username}</span>
        </p>
        <ul className="user-menu__list">
          <li>
            <Link to={APP_ROUTES.account} className="app-nav__link" onClick={() => setOpen(false)}>
              {t('shell.account.title')}
            </Link>
          </li>
          <li className="user-menu__logout-item">
            <LogoutButton className="user-menu__logout" />
          </li>
        </ul>
      </div>
    </div>
  );
}

// SPEC §2's Logout: in the header from 640 px up, in this menu on a phone.
export function LogoutButton({ className }: { className: string }) {
  const { logoutMutation } = useAuth();
  const { t } = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
    >
      {t('shell.header.logout')}
    </Button>
  );
}
