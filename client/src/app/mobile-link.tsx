import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../lib/cn';

/** A link of the phone's menu (header.tsx); `onChoose` closes the menu. */
export function MobileLink({
  to,
  onChoose,
  children,
}: {
  to: string;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <NavLink
        to={to}
        end
        onClick={onChoose}
        className={({ isActive }) =>
          cn(
            'flex items-center justify-between rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent',
            isActive && 'bg-accent text-accent-foreground',
          )
        }
      >
        {children}
      </NavLink>
    </li>
  );
}
