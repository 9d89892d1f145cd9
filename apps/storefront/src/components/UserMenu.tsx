import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authActions, refreshSession, useAuth } from '../features/auth/useAuth';
import { toast } from '../features/toast/toasts';
import { UserIcon } from './Icons';

/** Signs the customer out on the server, drops the browser's copy, and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      await authActions.logout();
      toast({ title: 'Signed out', description: 'You have been signed out.' });
    } catch {
      toast({ title: 'Signed out', description: 'You have been signed out on this device.' });
    }
    void navigate('/');
  };
}

/** The header's user icon: a sign-in link when signed out; a menu (Profile, Orders, Logout) when signed in. */
export function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const logout = useLogout();

  useEffect(() => {
    void refreshSession();
  }, []);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!user) {
    return (
      <Link to="/login" className="icon-btn masthead__account" aria-label="Sign in">
        <UserIcon />
      </Link>
    );
  }

  return (
    <div className="user-menu masthead__account" ref={ref}>
      <button
        type="button"
        className="icon-btn user-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account menu for ${user.firstName || user.email}`}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
        <span className="user-menu__dot" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu__panel" role="menu">
          <p className="user-menu__who">
            <span className="eyebrow">Signed in as</span>
            <span className="user-menu__email">{user.email}</span>
          </p>
          <Link role="menuitem" to="/profile">
            Profile
          </Link>
          <Link role="menuitem" to="/orders">
            Orders
          </Link>
          <button role="menuitem" type="button" onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
