import { RotateCcw } from 'lucide-react';
import { showNotImplemented } from '../../components/not-implemented';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useProfileSettings } from '../profiles/api';
import { LoadError } from '../profiles/components/load-error';
import { SettingCheckbox } from '../profiles/components/setting-checkbox';

/** The dashboard's Settings tab (spec §2): Reset Layout and three notification choices. */
export function SettingsTab() {
  const settings = useProfileSettings(true);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>Saved as soon as you change them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {settings.isError ? (
            <LoadError
              title="Error loading settings"
              error={settings.error}
              onRetry={() => void settings.refetch()}
            />
          ) : null}
          <SettingCheckbox
            name="emailNewMessages"
            label="Email notifications for new messages"
            settings={settings.data}
          />
          <SettingCheckbox
            name="smsAdViews"
            label="SMS notifications for ad views"
            settings={settings.data}
          />
          <SettingCheckbox name="weeklyReports" label="Weekly performance reports" settings={settings.data} />
          <p className="text-xs text-muted-foreground">
            Bazaar e-mails you when a message waits unread for a while. It does not send SMS or weekly reports
            yet; those choices will apply when it does.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Dashboard Layout</CardTitle>
          <CardDescription>Put the dashboard&apos;s widgets back where they started.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={showNotImplemented}>
            <RotateCcw /> Reset Layout
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
