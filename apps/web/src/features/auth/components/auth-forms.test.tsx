import { makeMediaApplicationReceipt } from '@comped/shared/factories/media-application';
import { makePlan } from '@comped/shared/factories/plan';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import type { SessionUser } from '@comped/shared/schemas/session';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { LoginForm } from './login-form';
import { PasswordResetForm } from './password-reset-form';
import { SignupPage } from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = (over: Partial<SessionUser['profile']> = {}, status: SessionUser['status'] = 'inexistent'): SessionUser =>
  makeSessionUser(over.type ?? 'influencer', {
    name: 'Ana',
    email: 'ana@example.test',
    current_subscription: null,
    status,
    profile: { workplace: null, ...over },
  });

describe('LoginForm', () => {
  it('shows the spec texts and requires both fields', async () => {
    const calls = stubFetch(() => [500, {}]);
    renderPage(<LoginForm />, '/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('after a failed submit, checks a field again as it changes and focuses the first field in error', async () => {
    stubFetch(() => [500, {}]);
    renderPage(<LoginForm />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nope');
    expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), '@example.test');
    await waitFor(() => expect(screen.queryByText(MSG.invalidEmail)).not.toBeInTheDocument());
    expect(screen.getAllByText(MSG.required)).toHaveLength(1);
  });

  it('toggles the password visibility with a named button', async () => {
    stubFetch(() => [500, {}]);
    renderPage(<LoginForm />, '/login');
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('shows the server message under the password', async () => {
    stubFetch(() => [422, { message: MSG.incorrectLogin, errors: { password: [MSG.incorrectLogin] } }]);
    renderPage(<LoginForm />, '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MSG.incorrectLogin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(MSG.incorrectLogin);
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
  });

  it('stores the session and goes to the home route', async () => {
    const calls = stubFetch(() => [200, { access_token: 'tok', token_type: 'Bearer', user: user() }]);
    renderPage(<LoginForm />, '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'Ana@Example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/campaigns');
    expect(calls[0]).toMatchObject({
      url: '/api/v1/login',
      method: 'POST',
      body: { email: 'ana@example.test', password: 'secret1' },
    });
    expect(readSession()?.token).toBe('tok');
  });
});

describe('SignupPage, For Brands', () => {
  it('shows the brand form with the pricing block (fallback plan when products fail)', async () => {
    stubFetch(() => [500, { message: 'down' }]);
    renderPage(<SignupPage />, '/signup');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    // The tabs and forms load beside the heading (signup-page.tsx).
    expect(await screen.findByRole('tab', { name: 'For Brands' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'SIGN UP AS A BRAND' })).toBeInTheDocument();
    // The fields below a phone's first screen follow, each in a task of its own (lib/in-turn.tsx).
    for (const label of ['Brand Name', 'Street Address', 'Zip Code', 'Phone Number', 'Your Email', 'Password']) {
      expect(await screen.findByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(await screen.findByText('Brand Plan')).toBeInTheDocument();
    expect(screen.getByText('$99/month for 3 months, then $149/month')).toBeInTheDocument();
    expect(screen.getByText(/only ask for it when you create your first campaign/)).toBeInTheDocument();
    expect(
      await screen.findByText(/By tapping Create Account you accept our Terms of Service and Privacy Policy/),
    ).toBeInTheDocument();
  });

  it('requires every field and checks the zip', async () => {
    const calls = stubFetch((url) => (url.includes('products') ? [500, {}] : [201, {}]));
    renderPage(<SignupPage />, '/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(6);
    await userEvent.type(screen.getByLabelText(/^Zip Code/), 'abc');
    expect(await screen.findByText(MSG.zipNumber)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('signs up, signs in, and goes to /plans; a taken e-mail shows under Your Email', async () => {
    let taken = true;
    const calls = stubFetch((url) => {
      if (url.includes('products')) return [500, {}];
      if (taken) return [422, { message: MSG.emailTaken, errors: { email: [MSG.emailTaken] } }];
      return [201, { access_token: 't', token_type: 'Bearer', user: user({ type: 'brands', tier_range: null }) }];
    });
    renderPage(<SignupPage />, '/signup');
    await userEvent.type(await screen.findByLabelText(/^Brand Name/), 'Blue Fig');
    await userEvent.type(screen.getByLabelText(/^Street Address/), '1 Main St');
    await userEvent.type(screen.getByLabelText(/^Zip Code/), '10001');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '5551234567');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your Email/ }), 'fig@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/plans');
    expect(calls.at(-1)?.body).toEqual({
      name: 'Blue Fig',
      address: '1 Main St',
      zip: '10001',
      phones: '5551234567',
      email: 'fig@example.test',
      password: 'secret1',
    });
  });
});

describe('SignupPage, For Media', () => {
  async function openMedia() {
    renderPage(<SignupPage />, '/signup');
    await userEvent.click(await screen.findByRole('tab', { name: 'For Media' }));
    expect(await screen.findByRole('heading', { name: 'SIGN UP AS MEDIA' })).toBeInTheDocument();
    // The form's last part: the fields above it are in (lib/in-turn.tsx).
    expect(await screen.findByRole('button', { name: 'Apply now' })).toBeInTheDocument();
  }

  it('keeps what was typed in each tab when switching between them', async () => {
    renderPage(<SignupPage />, '/signup');
    const brandName = await screen.findByRole('textbox', { name: /^Brand Name|^Name/ });
    await userEvent.type(brandName, 'Harbor Lights');
    await userEvent.click(screen.getByRole('tab', { name: 'For Media' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Your Name/ }), 'Ana Lens');
    await userEvent.click(screen.getByRole('tab', { name: 'For Brands' }));
    expect(screen.getByRole('textbox', { name: /^Brand Name|^Name/ })).toHaveValue('Harbor Lights');
    await userEvent.click(screen.getByRole('tab', { name: 'For Media' }));
    expect(screen.getByRole('textbox', { name: /^Your Name/ })).toHaveValue('Ana Lens');
  });

  it('asks journalists for Working at and two press pieces, and switching type clears errors', async () => {
    stubFetch(() => [500, {}]);
    await openMedia();
    expect(screen.queryByLabelText(/^Working at/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Journalist' }));
    expect(screen.getByLabelText(/^Working at/)).toBeInTheDocument();
    expect(screen.getByText('Type Freelance if you are freelance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    // Your Name, Your Email, Instagram, Working at, Press piece #1 and #2.
    expect(await screen.findAllByText(MSG.required)).toHaveLength(6);
    await userEvent.click(screen.getByRole('radio', { name: 'Influencer' }));
    await waitFor(() => expect(screen.queryByText(MSG.required)).not.toBeInTheDocument());
    expect(screen.queryByLabelText(/^Press piece #1/)).not.toBeInTheDocument();
  });

  it('shows Exciting Times after applying, and OK goes to /login', async () => {
    const calls = stubFetch((url) =>
      url.includes('products')
        ? [200, { data: [makePlan()], meta: { provider: 'local' } }]
        : [201, { data: makeMediaApplicationReceipt() }],
    );
    await openMedia();
    await userEvent.type(screen.getByRole('textbox', { name: /^Your Name/ }), 'Ana Lens');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your Email/ }), 'ana@example.test');
    await userEvent.type(screen.getByRole('textbox', { name: /^Instagram/ }), 'ana.lens');
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.excitingTimes });
    expect(within(dialog).getByText(/sent for review.*few days.*credentials will arrive by email/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/influencers',
      body: { name: 'Ana Lens', email: 'ana@example.test', type: 'influencer', instagram: 'ana.lens' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('shows Houston on a server error and field errors on a 422', async () => {
    let status = 500;
    stubFetch(() =>
      status === 500
        ? [500, { message: 'boom' }]
        : [422, { message: 'x', errors: { email: [MSG.applicationPending] } }],
    );
    await openMedia();
    await userEvent.type(screen.getByRole('textbox', { name: /^Your Name/ }), 'Ana');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your Email/ }), 'ana@example.test');
    await userEvent.type(screen.getByRole('textbox', { name: /^Instagram/ }), 'ana');
    status = 422;
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    expect(await screen.findByText(MSG.applicationPending)).toBeInTheDocument();
    status = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.houston });
    expect(within(dialog).getByText(MSG.houstonText)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});

describe('PasswordResetForm', () => {
  it('keeps the button disabled while the email is empty, then shows the success dialog', async () => {
    const calls = stubFetch(() => [200, { message: 'ok' }]);
    renderPage(<PasswordResetForm />, '/password-reset');
    expect(screen.getByRole('heading', { name: 'Forgot your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    const button = screen.getByRole('button', { name: 'Reset my password' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.test');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.resetSuccess)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/v1/resetpassword', body: { email: 'ana@example.test' } });
  });

  it('shows an invalid address under the field', async () => {
    stubFetch(() => [200, {}]);
    renderPage(<PasswordResetForm />, '/password-reset');
    await userEvent.type(screen.getByLabelText(/^Email/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
  });
});
