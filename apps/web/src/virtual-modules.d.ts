// Served by the Vite plugins in theme-variables.ts and locale-sections.ts.
declare module 'virtual:theme-variables.css';

// Texts by their dotted keys, compiled for Lingui.
declare module 'virtual:locale-part/all/*' {
  import type { Messages } from '@lingui/core';
  const texts: Record<'en' | 'de', Messages>;
  export default texts;
}

declare module 'virtual:locale-part/*' {
  import type { Messages } from '@lingui/core';
  const texts: Messages;
  export default texts;
}

declare module 'virtual:locale-loaders' {
  import type { Messages } from '@lingui/core';
  import type { ScreenTextPart } from '@/locales/parts';
  const loaders: Record<'en' | 'de', Record<'app' | ScreenTextPart, () => Promise<{ default: Messages }>>>;
  export default loaders;
}
