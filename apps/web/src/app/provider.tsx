import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorModalHost } from '@/components/ui/error-modal-host';
import { getStyleNonce } from '@/lib/csp-nonce';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { theme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals so component tests see the final state at once. */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient = defaultQueryClient, env = 'default' }: AppProviderProps) {
  return (
    // The theme's CSS variables come from the static stylesheet that src/main.tsx loads (theme-variables.ts).
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light" env={env} getStyleNonce={getStyleNonce}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ErrorModalHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
