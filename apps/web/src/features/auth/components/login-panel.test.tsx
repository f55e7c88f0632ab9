import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { configureApiAuth } from '@/lib/api-client';
import { tokenManager } from '../lib/session';
import { useAuthStore } from '../stores/auth-store';
import { LoginPanel } from './login-panel';

const config = { emailLink: true, google: { clientId: 'g' }, microsoft: null, supportEmail: 'help@example.com', demo: true };
// header.payload.signature with exp far in the future; the client never verifies it.
const token = `x.${btoa(JSON.stringify({ exp: 4_102_444_800 }))}.y`;

function renderPanel(routes: Parameters<typeof fakeFetch>[0], serverConfig: object = config) {
  const fake = fakeFetch({ 'GET /config.auth.json': { body: serverConfig }, ...routes });
  vi.stubGlobal('fetch', fake.fetchFn);
  configureApiAuth({ getToken: async () => null, onUnauthorized: () => undefined });
  renderWithProviders(<LoginPanel />, { route: '/login' });
  return fake;
}

function submitEmail(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /email/i }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Request email link' }));
}

async function requestCode(email = 'installer@example.com') {
  submitEmail(email);
  return screen.findByText('Check your inbox');
}

/** Renders the panel with the email sent, and asks for a code; `routes` answer the rest. */
async function renderAtCode(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fake = renderPanel({ 'POST /api/auth/email/send': { body: { ok: true } }, ...routes });
  await requestCode();
  return fake;
}

function enterCode(code: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /6-digit code/i }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenManager.clear();
  useAuthStore.getState().signOut();
});

describe('LoginPanel', () => {
  it('shows the Google button only when the server configures Google', async () => {
    renderPanel({});
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).toBeNull();
  });

  it("shows the company sign-in under the operator's label, and says so when it could not start", async () => {
    const fake = renderPanel(
      { 'POST /api/auth/sign-in/social': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'x' } } },
      { ...config, google: null, oidc: { label: 'ACME SSO' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with ACME SSO' }));
    expect(await screen.findByText('Company sign-in failed. Please try again.')).toBeTruthy();
    const started = fake.calls.find((call) => call.path === '/api/auth/sign-in/social');
    expect(JSON.parse(String(started?.init?.body))).toMatchObject({ provider: 'oidc' });
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it.each([
    {
      name: 'says when the address cannot receive mail',
      email: 'nobody@example.com',
      answer: { status: 422, code: 'EMAIL_UNDELIVERABLE', message: 'x' },
      text: "This address can't receive mail. Please check it for typos or use another one.",
    },
    { name: 'says so when the email could not be sent', email: 'a@example.com', answer: { status: 500, code: 'INTERNAL_ERROR', message: 'x' }, text: 'Failed to send email link. Please try again.' },
    { name: 'explains a rate limit', email: 'a@example.com', answer: { status: 429, code: 'RATE_LIMITED', message: 'Slow down' }, text: 'Too many requests. Please wait a moment and try again.' },
  ])('$name', async ({ email, answer, text }) => {
    renderPanel({ 'POST /api/auth/email/send': { status: answer.status, body: answer } });
    submitEmail(email);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("names PUBLIC_URL when the page was opened at another address", async () => {
    const answer = { status: 403, code: 'FORBIDDEN', message: 'x', details: { origin: window.location.origin, publicUrl: 'https://portal.example' } };
    renderPanel({ 'POST /api/auth/email/send': { status: 403, body: answer } });
    submitEmail('a@example.com');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      `This page is open at ${window.location.origin}, but the portal’s address (PUBLIC_URL) is https://portal.example. Open https://portal.example to sign in.`,
    );
  });

  it('sends the email in the current language and then asks for the code', async () => {
    const fake = await renderAtCode();
    const send = fake.calls.find((call) => call.path === '/api/auth/email/send');
    expect(JSON.parse(String(send?.init?.body))).toEqual({ email: 'installer@example.com', language: 'en' });
    expect(screen.getByText(/We sent an email to installer@example.com/)).toBeTruthy();
  });

  it('validates the code before sending it', async () => {
    const fake = await renderAtCode();
    enterCode('12');
    expect(await screen.findByText('Please enter the 6-digit code from the email')).toBeTruthy();
    expect(fake.calls.some((call) => call.path === '/api/auth/sign-in/email-otp')).toBe(false);
  });

  it('tells the user when the code is wrong', async () => {
    await renderAtCode({ 'POST /api/auth/sign-in/email-otp': { status: 400, body: { status: 400, code: 'INVALID_CODE', message: 'Invalid code' } } });
    enterCode('123456');
    expect(await screen.findByText('The code you entered seems to be wrong')).toBeTruthy();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('asks for a new code after too many attempts', async () => {
    await renderAtCode({ 'POST /api/auth/sign-in/email-otp': { status: 403, body: { status: 403, code: 'TOO_MANY_ATTEMPTS', message: 'x' } } });
    enterCode('123 456');
    expect(await screen.findByText('Too many wrong codes. Please request a new code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new email' })).toBeTruthy();
  });

  it('signs in with a correct code and keeps no token in storage', async () => {
    const fake = await renderAtCode({ 'POST /api/auth/sign-in/email-otp': { body: { ok: true } }, 'GET /api/auth/token': { body: { token } } });
    expect(sessionStorage.getItem('freshSignIn')).toBeNull();
    enterCode('123456');
    await waitFor(() => expect(useAuthStore.getState().isLoggedIn).toBe(true));
    // The app asks a person who signed in here for the name they have not chosen yet.
    expect(sessionStorage.getItem('freshSignIn')).toBe('1');
    const signIn = fake.calls.find((call) => call.path === '/api/auth/sign-in/email-otp');
    expect(JSON.parse(String(signIn?.init?.body))).toEqual({ email: 'installer@example.com', otp: '123456' });
    expect(localStorage.getItem('auth-storage')).not.toContain(token);
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.isLoggedIn).toBe(true);
  });

  it.each([
    { name: 'typing the sixth digit', value: '123456' },
    { name: 'pasting the code with a space', value: '123 456' },
  ])('signs in by itself on $name, once', async ({ value }) => {
    const fake = await renderAtCode({ 'POST /api/auth/sign-in/email-otp': { body: { ok: true } }, 'GET /api/auth/token': { body: { token } } });
    const field = screen.getByRole('textbox', { name: /6-digit code/i });
    fireEvent.change(field, { target: { value: '12345' } });
    expect(fake.calls.some((call) => call.path === '/api/auth/sign-in/email-otp')).toBe(false);
    fireEvent.change(field, { target: { value } });
    await waitFor(() => expect(useAuthStore.getState().isLoggedIn).toBe(true));
    expect(fake.calls.filter((call) => call.path === '/api/auth/sign-in/email-otp')).toHaveLength(1);
  });

  it('lets the user start again with another email', async () => {
    await renderAtCode();
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByRole('button', { name: 'Request email link' })).toBeTruthy();
  });

  it('shows an error carried over from a failed email link', async () => {
    const fake = fakeFetch({ 'GET /config.auth.json': { body: config } });
    vi.stubGlobal('fetch', fake.fetchFn);
    renderWithProviders(<LoginPanel initialError="auth.login.errors.linkFailed" />);
    expect(await screen.findByText('Email link sign-in failed. Please request a new link.')).toBeTruthy();
  });
});
