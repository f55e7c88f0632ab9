import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import 'dayjs/locale/de';
import { displayDateFormat } from '@/lib/format-date';
import { currentLocale } from '@/lib/i18n';
import { useIsPhone } from '@/lib/use-is-narrow';
import classes from './calendar-input.module.css';

/**
 * A day picked in a calendar, written the way the language writes dates (SPEC §9), in every screen
 * that asks for one: the week starts on Monday in German, the controls are named for screen readers,
 * weekend days keep 4.5:1, and on a phone the calendar opens as a dialog the width of the screen with
 * days a finger can hit. Picking a day (or Escape) gives the focus back to the field.
 */
export function CalendarInput(props: Omit<DatePickerInputProps, 'classNames'>) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const isPhone = useIsPhone();
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'de' ? 1 : 0 }}>
      <DatePickerInput
        valueFormat={displayDateFormat(locale)}
        leftSection={<IconCalendar size={20} aria-hidden />}
        dropdownType={isPhone ? 'modal' : 'popover'}
        // A phone's calendar gets the screen's width (not 90 %), so seven 48 px days and the selected
        // Sunday keep a margin inside it. It opens at once: a fade renders the month three times
        // (Mantine's transition renders it synchronously in the next frame, then twice more), which
        // a slow phone showed as a quarter-second wait for the tap.
        modalProps={{ xOffset: 8, padding: 'md', transitionProps: { duration: 0 } }}
        popoverProps={{ returnFocus: true, transitionProps: { duration: 0 } }}
        ariaLabels={{
          previousMonth: t('calendar.previousMonth'),
          nextMonth: t('calendar.nextMonth'),
          previousYear: t('calendar.previousYear'),
          nextYear: t('calendar.nextYear'),
          previousDecade: t('calendar.previousDecade'),
          nextDecade: t('calendar.nextDecade'),
          monthLevelControl: t('calendar.monthLevelControl'),
          yearLevelControl: t('calendar.yearLevelControl'),
        }}
        classNames={{ day: classes.day, placeholder: classes.placeholder }}
        size="lg"
        {...props}
      />
    </DatesProvider>
  );
}
