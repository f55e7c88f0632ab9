import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { useErrorStore } from '@/lib/error-store';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  useErrorStore.getState().clearError();
  await i18n.changeLanguage('en');
});
