// Served by the Vite plugins in theme-variables.ts and locale-sections.ts.
declare module 'virtual:theme-variables.css';

declare module 'virtual:locale-part/all/*' {
  const texts: Record<'en' | 'de', Record<string, object>>;
  export default texts;
}

declare module 'virtual:locale-part/*' {
  const texts: Record<string, object>;
  export default texts;
}

declare module 'virtual:locale-loaders' {
  import type { ScreenTextPart } from '@/locales/parts';
  const loaders: Record<'en' | 'de', Record<'app' | ScreenTextPart, () => Promise<{ default: object }>>>;
  export default loaders;
}
