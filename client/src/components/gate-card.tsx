import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/card';

/**
 * A page that cannot be shown, and why (spec §2's gate screens: 'Access Denied', 'Trial
 * Expired', 'Ad Limit Reached', ...): a picture, the heading, the reason and what to do next.
 */
export function GateCard({
  icon = <Lock aria-hidden="true" />,
  title,
  text,
  children,
}: {
  /** A padlock unless said. */
  icon?: ReactNode;
  title: string;
  text: string;
  /** The way on, e.g. a Login button. */
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-7">
        {icon}
      </span>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {children}
    </Card>
  );
}
