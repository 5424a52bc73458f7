import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage } from '../../test/render-page';
import { RegisterPage } from './register-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Fills every field as a person pasting into it would: one input event per field. Typing
 * ~80 characters key by key re-rendered the form ~80 times, which took over 5 s when the
 * machine was loaded; what is checked here is what the form does with the values.
 */
async function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const values = {
    'Full Name': 'Nora Quinn',
    Email: 'nora@example.com',
    'Phone Number': '+1 555 0101',
    Location: 'Denver, CO',
    Password: 'secret-enough',
    'Confirm Password': 'secret-enough',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (!value) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('RegisterPage', () => {
  it('says "Passwords do not match" and sends nothing when the two differ', async () => {
    const api = mockApi({ 'GET /api/social-providers': () => ({ providers: [] }) });
    renderPage(RegisterPage, { path: '/register' });
    const user = await fillForm({ 'Confirm Password': 'something-else' });
    await user.click(submit());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.hasCalled('POST /api/auth/sign-up/email')).toBe(false);
  });

  it('says "Password must be at least 6 characters long" for a short password', async () => {
    const api = mockApi({ 'GET /api/social-providers': () => ({ providers: [] }) });
    renderPage(RegisterPage, { path: '/register' });
    const user = await fillForm({ Password: '12345', 'Confirm Password': '12345' });
    await user.click(submit());
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(api.hasCalled('POST /api/auth/sign-up/email')).toBe(false);
  });

  it('shows "Creating Account...", then the spec’s success toast and goes to /login', async () => {
    let answer: (body: unknown) => void = () => undefined;
    const api = mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'POST /api/auth/sign-up/email': () => new Promise((resolve) => (answer = resolve)),
    });
    const { router } = renderPage(RegisterPage, { path: '/register' });
    const user = await fillForm();
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    answer({ token: null, user: { id: 'u1' } });

    expect(
      await screen.findByText('Registration successful! Please check your email to verify your account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in form opens with the address just registered.
    expect(router.state.location.state).toEqual({ email: 'nora@example.com' });
    expect(api.sentBody('POST /api/auth/sign-up/email')).toEqual({
      name: 'Nora Quinn',
      email: 'nora@example.com',
      phone: '+1 555 0101',
      location: 'Denver, CO',
      password: 'secret-enough',
    });
  });

  it('says "Sign up Failed" with the server’s message and stays on the page', async () => {
    mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'POST /api/auth/sign-up/email': () =>
        jsonResponse(
          { error: { code: 'email_taken', message: 'An account with this e-mail already exists.' } },
          422,
        ),
    });
    const { router } = renderPage(RegisterPage, { path: '/register' });
    const user = await fillForm();
    await user.click(submit());
    expect(await screen.findByText('Sign up Failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this e-mail already exists.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('asks for the terms to be accepted before sending', async () => {
    const api = mockApi({ 'GET /api/social-providers': () => ({ providers: [] }) });
    renderPage(RegisterPage, { path: '/register' });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    await user.click(submit());
    expect(
      await screen.findByText('Please accept the Terms of Service and Privacy Policy'),
    ).toBeInTheDocument();
    expect(api.hasCalled('POST /api/auth/sign-up/email')).toBe(false);
  });

  it('shows and hides each password', async () => {
    mockApi({ 'GET /api/social-providers': () => ({ providers: [] }) });
    renderPage(RegisterPage, { path: '/register' });
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const [showPassword] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(showPassword!);
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
  });

  it('answers the social buttons with the spec’s alert when the server has no credentials', async () => {
    mockApi({ 'GET /api/social-providers': () => ({ providers: [] }) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(RegisterPage, { path: '/register' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Twitter' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith("Social login isn't implemented yet");
  });
});
