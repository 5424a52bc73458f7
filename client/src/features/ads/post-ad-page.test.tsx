import type { MeResponse } from '@bazaar/common/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { PostAdPage } from './post-ad-page';

const me = (quota: Partial<MeResponse['quota']>) => sellerMe({ quota });

const categories = { categories: [{ id: 'electronics', name: 'Electronics', icon: 'smartphone', count: 3 }] };

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPostAd = () => renderPage(PostAdPage, { path: '/post-ad' });

describe('/post-ad', () => {
  it('asks a signed-out visitor to log in', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderPostAd();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please login to post an advertisement.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('sends a seller whose trial has ended to the plans', async () => {
    mockApi({ 'GET /api/me': () => me({ post_gate: 'trial_expired', trial_days_left: 0 }) });
    renderPostAd();
    expect(await screen.findByRole('heading', { name: 'Trial Expired' })).toBeInTheDocument();
    expect(
      screen.getByText('Your 14-day trial has expired. Upgrade to continue posting ads.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscription');
  });

  it('sends a seller with a full quota to the plans', async () => {
    mockApi({ 'GET /api/me': () => me({ active_ads: 1, post_gate: 'ad_limit_reached' }) });
    renderPostAd();
    expect(await screen.findByRole('heading', { name: 'Ad Limit Reached' })).toBeInTheDocument();
    expect(screen.getByText("You've reached your ad limit. Upgrade to post more ads.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscription');
  });

  it('shows the ads remaining and says what is missing when the form is sent incomplete', async () => {
    const api = mockApi({
      'GET /api/me': () => me({ active_ads: 2, max_ads: 5 }),
      'GET /api/categories': () => categories,
    });
    renderPostAd();
    expect(await screen.findByText('Ads remaining: 3 / 5')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Post Ad' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(
      screen.getByText('Please fill all required fields and upload at least one image.'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith('POST'))).toBe(false);
    // Each field that is wrong says why when it is focused, and the first gets the focus.
    const description = screen.getByLabelText(/Description/);
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAccessibleDescription('Description is required.');
    expect(screen.getByLabelText(/Title/)).not.toHaveAccessibleDescription();
    expect(screen.getByRole('combobox', { name: /Location/ })).toHaveAccessibleDescription(
      'Choose a suggested place so buyers searching nearby find your ad, or type your own. Location is required.',
    );
  });

  it('counts the description as it is typed', async () => {
    mockApi({ 'GET /api/me': () => me({}), 'GET /api/categories': () => categories });
    renderPostAd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Description/), 'Works well');
    expect(screen.getByText('10/1000')).toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveAttribute('maxLength', '100');
  });

  it('refuses more than 10 images and 2 videos with Too Many images / videos', async () => {
    mockApi({ 'GET /api/me': () => me({}), 'GET /api/categories': () => categories });
    renderPostAd();
    const user = userEvent.setup();
    const photos = Array.from(
      { length: 11 },
      (_, index) => new File(['x'], `p${index}.png`, { type: 'image/png' }),
    );
    await user.upload(await screen.findByLabelText('Add photos'), photos);
    expect(await screen.findByText('Too Many images')).toBeInTheDocument();
    expect(screen.getByText('You can upload a maximum of 10 images.')).toBeInTheDocument();

    const videos = Array.from(
      { length: 3 },
      (_, index) => new File(['x'], `v${index}.mp4`, { type: 'video/mp4' }),
    );
    await user.upload(screen.getByLabelText('Add videos'), videos);
    expect(await screen.findByText('Too Many videos')).toBeInTheDocument();
    expect(screen.getByText('You can upload a maximum of 2 videos.')).toBeInTheDocument();
  });

  it('previews chosen photos and removes one on request', async () => {
    mockApi({ 'GET /api/me': () => me({}), 'GET /api/categories': () => categories });
    renderPostAd();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Add photos'), [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'back.jpg', { type: 'image/jpeg' }),
    ]);
    expect(screen.getByRole('img', { name: 'front.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove front.png' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'front.png' })).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'back.jpg' })).toBeInTheDocument();
    expect(screen.getByText('(1 / 10)')).toBeInTheDocument();
  });

  it('refuses a chosen photo whose preview cannot be read: named .jpg, it is no image', async () => {
    mockApi({ 'GET /api/me': () => me({}), 'GET /api/categories': () => categories });
    renderPostAd();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Add photos'), [
      new File(['not a picture'], 'fake.jpg', { type: 'image/jpeg' }),
    ]);
    fireEvent.error(screen.getByRole('img', { name: 'fake.jpg' }));
    expect(await screen.findByText('File not accepted')).toBeInTheDocument();
    expect(screen.getByText('"fake.jpg" is not a PNG, JPG or GIF image.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('img', { name: 'fake.jpg' })).not.toBeInTheDocument());
    expect(screen.getByText('(0 / 10)')).toBeInTheDocument();
  });

  it('goes back to the dashboard on Cancel', async () => {
    mockApi({ 'GET /api/me': () => me({}), 'GET /api/categories': () => categories });
    const { router } = renderPostAd();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
