import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

/** The centred card every account page is laid out in, from 360 px phones up. */
export function AuthLayout({
  Icon,
  title,
  description,
  children,
  footer,
}: {
  Icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center bg-gradient-to-b from-accent/60 to-background px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center p-6 pb-4 text-center sm:px-8">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Icon className="size-6" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="p-6 pt-0 sm:px-8">
          {children}
          {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </CardContent>
      </Card>
    </div>
  );
}
