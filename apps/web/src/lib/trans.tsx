import type { ReactElement } from 'react';
import { TransNoContext } from '@lingui/react/server';
import { lingui, useTranslation, type TextKey } from './i18n';

type TransProps = {
  i18nKey: TextKey;
  values?: Record<string, unknown>;
  /** The elements the text's numbered tags (`<0>…</0>`) stand for. */
  components: Record<number, ReactElement>;
};

/** A text with markup inside it, such as a serial that must not break; renders again when the language changes. */
export function Trans({ i18nKey, values, components }: TransProps) {
  useTranslation();
  return <TransNoContext id={i18nKey} values={values} components={components} lingui={{ i18n: lingui }} />;
}
