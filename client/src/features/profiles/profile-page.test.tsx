import type { ProfileResponse, UpdateProfileRequest } from '@bazaar/common/profiles';
import { defaultProfileSettings, type ProfileSettings } from '@bazaar/common/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut, type ApiHandler } from '../../test/render-page';
import { myAds, sellerMe, sellerProfile, sellerStats } from '../../test/seller-fixtures';
import { ProfilePage } from './profile-page';

afterEach(() => vi.unstubAllGlobals());

const renderProfile = (url = '/profile') => renderPage(ProfilePage, { path: '/profile', url });

function sellerApi(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => sellerMe(),
    'GET /api/profile': () => sellerProfile(),
    'GET /api/me/stats': () => sellerStats(),
    'GET /api/me/ads': () => myAds([]),
    'GET /api/profile/settings': () => defaultProfileSettings,
    ...overrides,
  });
}

describe('/profile', () => {
  it("says 'Loading Profile...' with a Login link to a signed-out visitor", async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Loading Profile...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the banner: name, verified tick, member-since year, trial and points badges', async () => {
    sellerApi();
    renderProfile();
    const banner = await screen.findByRole('region', { name: 'Profile summary' });
    expect(within(banner).getByRole('heading', { name: 'Ann Lee Verified' })).toBeInTheDocument();
    expect(within(banner).getByText('Member since 2024')).toBeInTheDocument();
    expect(within(banner).getByText('Trial: 12 days left')).toBeInTheDocument();
    expect(await within(banner).findByText('52 points')).toBeInTheDocument();
  });

  it('falls back to the e-mail without a name, and shows the plan badge of a subscriber', async () => {
    sellerApi({
      'GET /api/me': () => sellerMe({ status: 'active', plan: 'premium' }),
      'GET /api/profile': () => sellerProfile({ name: '', verified: false }),
    });
    renderProfile();
    const banner = await screen.findByRole('region', { name: 'Profile summary' });
    expect(within(banner).getByRole('heading', { name: 'ann@example.com' })).toBeInTheDocument();
    expect(within(banner).getByText('Premium Pack')).toBeInTheDocument();
    expect(within(banner).queryByText(/days left/)).not.toBeInTheDocument();
  });

  it('shows the statistics: average price in whole dollars and progress toward 500 points', async () => {
    sellerApi();
    renderProfile();
    expect(await screen.findByText('$1,235')).toBeInTheDocument();
    expect(screen.getByText('Total Ads').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Total Views').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Total Likes').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Next milestone: 448 points to go')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Engagement progress/ })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
  });

  it('edits name, phone and location, saves them and shows them', async () => {
    let stored = sellerProfile();
    let sent: UpdateProfileRequest | undefined;
    sellerApi({
      'GET /api/profile': () => stored,
      'PATCH /api/profile': ({ body }) => {
        sent = body as UpdateProfileRequest;
        stored = { ...stored, ...sent } as ProfileResponse;
        return stored;
      },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveValue('Ann Lee');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    // Pasted, one input event per field: typing key by key took seconds under load.
    await user.clear(name);
    await user.paste('Ann Marie Lee');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.paste('+1 555 0142');
    await user.clear(screen.getByLabelText('Location'));
    await user.paste('Boise, ID');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile Updated! ✨')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Ann Marie Lee', phone: '+1 555 0142', location: 'Boise, ID' });
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByText('Boise, ID')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ann Marie Lee Verified' })).toBeInTheDocument();
  });

  it('keeps the edits on screen and says so when saving fails', async () => {
    sellerApi({
      'PATCH /api/profile': () =>
        jsonResponse({ error: { code: 'internal_error', message: 'Try later.' } }, 500),
    });
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Location'), ' North');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('Reno, NV North');
  });

  it('restores the stored values on Cancel', async () => {
    const api = sellerApi();
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Ann Lee Verified' })).toBeInTheDocument();
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ann Lee');
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it('moves the focus to Full Name on Edit Profile, and back to Edit Profile on Save and on Cancel', async () => {
    let stored = sellerProfile();
    sellerApi({
      'GET /api/profile': () => stored,
      'PATCH /api/profile': ({ body }) => (stored = { ...stored, ...(body as UpdateProfileRequest) }),
    });
    renderProfile('/profile?tab=settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(await screen.findByLabelText('Full Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile Updated! ✨')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
  });

  it('shows six achievements with the server’s unlocked ones', async () => {
    sellerApi({
      'GET /api/me/stats': () => sellerStats({ unlocked: ['first-post', 'verified-seller'] }),
    });
    renderProfile('/profile?tab=achievements');
    expect(await screen.findByText('2 of 6 unlocked')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Achievements' })).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'First Post',
      'Popular Seller',
      'Engagement Master',
      'Social Butterfly',
      'Verified Seller',
      'Premium Member',
    ]);
    expect(cards.map((card) => card.textContent?.endsWith('Unlocked'))).toEqual([
      true,
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('invites a seller without ads to post one on the My Ads tab', async () => {
    sellerApi();
    renderProfile();
    await userEvent.click(await screen.findByRole('tab', { name: 'My Ads' }));
    expect(await screen.findByText('No ads posted yet')).toBeInTheDocument();
    expect(screen.getByText('Start by posting your first advertisement')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post Your First Ad' })).toHaveAttribute('href', '/post-ad');
  });

  it('saves privacy choices as they change', async () => {
    let saved: ProfileSettings | undefined;
    sellerApi({
      'GET /api/profile/settings': () => saved ?? defaultProfileSettings,
      'PUT /api/profile/settings': ({ body }) => (saved = body as ProfileSettings),
    });
    renderProfile('/profile?tab=settings');
    const phone = await screen.findByRole('checkbox', { name: 'Show phone number in ads' });
    await waitFor(() => expect(phone).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Allow direct messages' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ad views and likes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Weekly reports' })).not.toBeChecked();

    await userEvent.click(phone);
    await waitFor(() => expect(saved).toEqual({ ...defaultProfileSettings, showPhoneNumber: false }));
    expect(phone).not.toBeChecked();
  });

  it('deletes the account only with the right password, and offers the data to download first', async () => {
    const attempts: unknown[] = [];
    sellerApi({
      'GET /api/profile/settings': () => defaultProfileSettings,
      'DELETE /api/me': ({ body }) => {
        attempts.push(body);
        return attempts.length === 1
          ? jsonResponse({ error: { code: 'wrong_password', message: 'The password is not correct.' } }, 403)
          : new Response(null, { status: 204 });
      },
    });
    renderProfile('/profile?tab=settings');
    const download = await screen.findByRole('link', { name: 'Download My Data' });
    expect(download).toHaveAttribute('href', '/api/me/export');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct.');

    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'right-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(attempts).toEqual([{ password: 'wrong-one' }, { password: 'right-one' }]);
  });
  it('changes the password: the spec’s checks first, then the server’s, and says so', async () => {
    const attempts: unknown[] = [];
    sellerApi({
      'POST /api/auth/change-password': ({ body }) => {
        attempts.push(body);
        return attempts.length === 1
          ? jsonResponse(
              { error: { code: 'validation_failed', message: 'Your current password is not right.' } },
              400,
            )
          : { user: {} };
      },
    });
    renderProfile('/profile?tab=settings');
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Change Password' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    const submit = within(dialog).getByRole('button', { name: 'Change Password' });
    const fill = async (label: string, text: string) => {
      const input = within(dialog).getByLabelText(label, { exact: true });
      await user.clear(input);
      await user.type(input, text);
    };
    await fill('Current Password', 'old-secret');
    await fill('New Password', 'new-secret');
    await fill('Confirm New Password', 'new-secrte');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Passwords do not match');
    await fill('New Password', 'short');
    await fill('Confirm New Password', 'short');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long',
    );
    expect(attempts).toEqual([]);

    await fill('New Password', 'new-secret');
    await fill('Confirm New Password', 'new-secret');
    await user.click(submit);
    expect(await within(dialog).findByText('Your current password is not right.')).toBeInTheDocument();
    await fill('Current Password', 'right-secret');
    await user.click(submit);
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(attempts).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
      { currentPassword: 'right-secret', newPassword: 'new-secret' },
    ]);
    // The dialog gives the focus back to the button that opened it.
    await waitFor(() => expect(open).toHaveFocus());
  }, 30_000);
});
