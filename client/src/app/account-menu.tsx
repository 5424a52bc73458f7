import { isStaff } from '@bazaar/common/roles';
import { BellRing, CreditCard, Heart, LayoutDashboard, LogOut, ShieldCheck, User } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import type { CurrentUser } from '../features/auth/api';
import { paths } from './paths';

function displayName(user: CurrentUser['user']): string {
  return user.user_metadata.name || user.email;
}

function initials(user: CurrentUser['user']): string {
  const words = displayName(user)
    .split(/[\s@.]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The signed-in user's menu: Profile, Dashboard, Favorites, Subscription, Logout (spec §2, issue 14); Moderation (the console's heading) for staff. */
export function AccountMenu({ user, onLogout }: { user: CurrentUser['user']; onLogout: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focus can still leave it.
    <DropdownMenu modal={false} open={isOpen} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          {/* Named by its content, so the name holds the initials it shows: "User menu MG". */}
          <span className="sr-only">User menu </span>
          <span className="flex size-9 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
            {initials(user)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        // The menu keeps Tab from moving through its items (arrows do): Tab closes it instead,
        // with the focus back on its button, rather than doing nothing.
        onKeyDown={(event) => {
          if (event.key === 'Tab') setOpen(false);
        }}
      >
        <DropdownMenuLabel>
          <div className="truncate font-medium">{displayName(user)}</div>
          <div className="truncate text-xs text-muted-foreground">{user.email}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <User /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.dashboard}>
            <LayoutDashboard /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.favorites}>
            <Heart /> Favorites
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.savedSearches}>
            <BellRing /> Saved searches
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.subscription}>
            <CreditCard /> Subscription
          </Link>
        </DropdownMenuItem>
        {isStaff(user.role) ? (
          <DropdownMenuItem asChild>
            <Link to={paths.admin}>
              <ShieldCheck /> Moderation
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
