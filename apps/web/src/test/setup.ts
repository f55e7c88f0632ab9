import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/lib/i18n-all';
import { i18n } from '@/lib/i18n';
import { resetAuthConfig } from '@/features/auth/api/get-auth-config';
import { useErrorStore } from '@/lib/error-store';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  useErrorStore.getState().clearError();
  resetAuthConfig();
  await i18n.changeLanguage('en');
});
