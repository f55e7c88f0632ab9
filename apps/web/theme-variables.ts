import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from './src/app/theme.ts';

const ID = 'virtual:theme-variables.css';
// The resolved id ends in .css so Vite's CSS pipeline bundles and minifies it like any stylesheet.
const RESOLVED_ID = `\0${ID}`;

/** The theme's CSS variables (what MantineProvider would inject at run time) as a static stylesheet. */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const own = cssVariablesResolver(merged);
  return convertCssVariables(
    {
      variables: { ...base.variables, ...own.variables },
      light: { ...base.light, ...own.light },
      dark: { ...base.dark, ...own.dark },
    },
    // More specific than the `:root` of Mantine's own stylesheet, which the signed-in app loads later
    // and whose default values would otherwise win.
    'html:root',
  );
}

/**
 * Serves `virtual:theme-variables.css`: pages drawn without MantineProvider (the login page) use the
 * same colours, sizes and fonts as the rest of the app, from the one theme in src/app/theme.ts.
 */
export function themeVariables(): Plugin {
  return {
    name: 'portal-theme-variables',
    resolveId: (id) => (id === ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeVariablesCss() : undefined),
  };
}
