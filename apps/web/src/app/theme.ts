import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Installers work on tablets, outdoors, often with gloves: controls are at least 44 px high,
 * text and primary colours keep a contrast of 4.5:1 or more on white.
 * Component defaults are plain objects (not `Component.extend`) so the theme does not pull every
 * themed component into the first chunk of every page.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'lg' } },
    ActionIcon: { defaultProps: { size: 'xl' } },
    Anchor: { defaultProps: { underline: 'always' } },
    TextInput: { defaultProps: { size: 'lg' } },
    PasswordInput: { defaultProps: { size: 'lg' } },
    Textarea: { defaultProps: { size: 'lg' } },
    NumberInput: { defaultProps: { size: 'lg' } },
    Select: { defaultProps: { size: 'lg' } },
    NativeSelect: { defaultProps: { size: 'lg' } },
    Checkbox: { defaultProps: { size: 'md' } },
    // Under a title Mantine greys a toast's text to 3.3:1; outdoors it needs the body text's contrast.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-8)' } } },
  },
});

/** The default dimmed grey and error red are too light for sunlight; use darker shades (contrast >= 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-error': t.colors.red[9] },
  dark: {},
});
