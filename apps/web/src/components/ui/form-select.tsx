import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type SelectOption = { value: string; label: string };

type FormSelectProps<V extends FieldValues, N extends FieldPath<V>, O> = Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'data'> & {
  control: Control<V, unknown, O>;
  name: N;
  data: readonly (SelectOption | string)[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Whether the placeholder stays a choice that empties the field (an optional field). */
  clearable?: boolean;
  /** Shows the chosen value without letting it change, and stays legible (unlike `disabled`). */
  readOnly?: boolean;
  /** Instead of taking the picked value as it is; `change` hands a value to the form. */
  onChange?: (value: string | null, change: (value: string | null) => void) => void;
  /** Whether leaving the field marks it touched (and so validates it); a field set only by another one is not. */
  isTouchedOnBlur?: boolean;
};

const asOption = (item: SelectOption | string): SelectOption => (typeof item === 'string' ? { value: item, label: item } : item);

/**
 * A select bound to a react-hook-form field: the browser's own picker, which opens large on a tablet
 * and needs no positioning code. An empty field shows the placeholder, which can be chosen again only
 * when the field is `clearable`.
 */
export function FormSelect<V extends FieldValues, N extends FieldPath<V>, O>({
  control,
  name,
  data,
  placeholder = '',
  clearable = false,
  readOnly = false,
  onChange,
  isTouchedOnBlur = true,
  ...props
}: FormSelectProps<V, N, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const options = data.map(asOption).filter((option) => !readOnly || option.value === value);
        const empty = { value: '', label: placeholder, disabled: !clearable };
        return (
          <NativeSelect
            {...props}
            // A read-only select offers no other choice, so it shows no chevron (an empty section, since
            // Mantine draws its chevron in place of a missing one).
            rightSection={readOnly ? <span /> : props.rightSection}
            ref={field.ref}
            name={field.name}
            value={value}
            data={value === '' || clearable ? [empty, ...options] : options}
            onChange={(event) => {
              const picked = event.currentTarget.value || null;
              if (onChange) onChange(picked, field.onChange);
              else field.onChange(picked);
            }}
            onBlur={isTouchedOnBlur ? field.onBlur : undefined}
          />
        );
      }}
    />
  );
}
