import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FormSelectProps<V extends FieldValues, N extends FieldPath<V>, O> = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<V, unknown, O>;
  name: N;
  /** Instead of taking the picked value as it is; `change` hands a value to the form. */
  onChange?: (value: string | null, change: (value: string | null) => void) => void;
  /** Whether leaving the field marks it touched (and so validates it); a field set only by another one is not. */
  isTouchedOnBlur?: boolean;
};

/** A Select bound to a react-hook-form field. */
export function FormSelect<V extends FieldValues, N extends FieldPath<V>, O>({ control, name, onChange, isTouchedOnBlur = true, ...props }: FormSelectProps<V, N, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={(value) => (onChange ? onChange(value, field.onChange) : field.onChange(value))}
          onBlur={isTouchedOnBlur ? field.onBlur : undefined}
        />
      )}
    />
  );
}
